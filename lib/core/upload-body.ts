/**
 * A request body as the HTTP edge (lib/api/request-input.ts) hands it to a domain verb: the headers the verb reads and the
 * bytes as they arrive. Nothing is read before the verb iterates `chunks` (so a verb refuses a caller, a project or a
 * declared size before a byte is read), and nothing is buffered on the way: an upload of GiBs streams through.
 */
export type UploadBody = {
  /** The Content-Type header, "" without one. */
  contentType: string;
  /** The declared Content-Length, NaN without one. */
  declaredBytes: number;
  /** The Content-Encoding header, null without one. */
  contentEncoding: string | null;
  /** The bytes as they arrive, to be read once; null when the request has none. Leaving the loop early cancels the rest. */
  chunks: AsyncIterable<Uint8Array> | null;
};

/**
 * The whole body as bytes, for the small bodies read whole (JSON, a logo, an import file, a log push): refused with
 * `tooLarge()` when the declared length is past `limit`, or as soon as the bytes read pass it (without reading more).
 */
export async function readUploadBytes(body: UploadBody, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (Number.isFinite(body.declaredBytes) && body.declaredBytes > limit) throw tooLarge();
  if (!body.chunks) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body.chunks) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(); // leaving the loop cancels the stream
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}
