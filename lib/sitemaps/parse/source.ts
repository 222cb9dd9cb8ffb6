import type { ByteSource } from "./types";

// Large chunks are sliced so the entries produced per step (and held before being yielded) stay small.
const SLICE = 64 * 1024;
const encoder = new TextEncoder();

/** Byte chunks of at most 64 KiB from any supported source; strings are UTF-8 encoded. */
export async function* byteChunks(source: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of iterate(source)) {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    for (let i = 0; i < bytes.length; i += SLICE) yield bytes.subarray(i, Math.min(i + SLICE, bytes.length));
  }
}

async function* iterate(source: ByteSource): AsyncGenerator<Uint8Array | string> {
  if (!("getReader" in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
