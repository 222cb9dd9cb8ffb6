import { Prisma } from "./generated/client";

/** A set of uuids as one text parameter (cheaper to send than a uuid[] of thousands): `id = ANY(${uuidArray(ids)})`. */
export const uuidArray = (ids: readonly string[]) => Prisma.sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;

/** Text matched literally by LIKE / ILIKE … ESCAPE '\': its `\`, `%` and `_` escaped. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const ELEMENT_OID = { int4: 23, bool: 16, bytea: 17 } as const;

/**
 * An array parameter in PostgreSQL's binary format (array_recv: a header, then each element's length and bytes, -1 for
 * NULL), for `${param}::int4[]` / `::bool[]` / `::bytea[]` on a raw pg connection (sqlTransaction, sqlRows), which
 * sends a Buffer in binary: a million values go as bytes, with no text to print in Node nor to parse in the server.
 * `size(i)` is element i's byte length (-1: NULL), `write(buf, at, i)` writes its bytes at `at`.
 */
export function binaryArray(element: keyof typeof ELEMENT_OID, count: number, size: (i: number) => number,
  write: (buf: Buffer, at: number, i: number) => void): Buffer {
  let bytes = 20;
  for (let i = 0; i < count; i++) bytes += 4 + Math.max(0, size(i));
  const buf = Buffer.allocUnsafe(bytes);
  buf.writeInt32BE(1, 0); // dimensions
  buf.writeInt32BE(0, 4); // flags (ignored on input)
  buf.writeInt32BE(ELEMENT_OID[element], 8);
  buf.writeInt32BE(count, 12);
  buf.writeInt32BE(1, 16); // lower bound
  let at = 20;
  for (let i = 0; i < count; i++) {
    const n = size(i);
    buf.writeInt32BE(n, at);
    at += 4;
    if (n > 0) {
      write(buf, at, i);
      at += n;
    }
  }
  return buf;
}
