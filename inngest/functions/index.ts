import type { InngestFunction } from "inngest";
import { purgeDeletedAccountsFn } from "./users/purge-deleted-accounts";

/** The one list of functions: serve() registers it with Inngest; the in-process runner and scheduler use it otherwise. */
export const functions: InngestFunction.Any[] = [purgeDeletedAccountsFn];
