import { recordShareView } from "./record-share-view";
import { resolveShareToken, type SharedProject } from "./resolve-share-link";

/** A share page's request: the project the token opens (null when it opens nothing), its view counted when `countView`. */
export async function openShareLink(token: string, countView: boolean, now = new Date()): Promise<SharedProject | null> {
  const shared = await resolveShareToken(token, now);
  if (shared && countView) await recordShareView(shared.linkId, now);
  return shared;
}
