/** Target node ids packed as big-endian int32 (network order, as PostgreSQL's int4send), 4 bytes a link (page_links.targets). */
export function packTargets(ids: number[]): Buffer {
  const buf = Buffer.allocUnsafe(ids.length * 4);
  for (let i = 0; i < ids.length; i++) buf.writeInt32BE(ids[i], i * 4);
  return buf;
}

export function unpackTargets(bytes: Uint8Array): Int32Array {
  const out = new Int32Array(bytes.length >> 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt32(i * 4, false);
  return out;
}

/** A bitset of the nofollow links (bit i of byte i >> 3); empty when no link is nofollow. */
export function packNofollow(flags: boolean[]): Buffer {
  if (!flags.some(Boolean)) return Buffer.alloc(0);
  const buf = Buffer.alloc((flags.length + 7) >> 3);
  flags.forEach((f, i) => { if (f) buf[i >> 3] |= 1 << (i & 7); });
  return buf;
}

export const isNofollow = (bits: Uint8Array, i: number): boolean => (i >> 3) < bits.length && (bits[i >> 3] & (1 << (i & 7))) !== 0;
