import { Prisma } from "./generated/client";

/** A set of uuids as one text parameter (cheaper to send than a uuid[] of thousands): `id = ANY(${uuidArray(ids)})`. */
export const uuidArray = (ids: readonly string[]) => Prisma.sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;

/** Text matched literally by LIKE / ILIKE … ESCAPE '\': its `\`, `%` and `_` escaped. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
