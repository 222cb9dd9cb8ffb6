// Keeps an import's memory flat. Each chunk leaves megabytes of short-lived large strings behind (the statement's
// parameters and the driver's copies of them), which V8 places straight into old space and collects only when that
// space reaches a limit it raises as it goes: left alone the heap of a long import climbs far above what it holds.
// A run starts from a collected heap; after a chunk has committed, a heap grown past that size plus
// LOG_HEAP_HEADROOM_MB is collected.
import { collectGarbage } from "@/lib/core/collect-garbage";

export class HeapGuard {
  private readonly limit: number;
  collections = 0;

  constructor(headroomBytes: number) {
    collectGarbage();
    this.limit = process.memoryUsage().heapUsed + headroomBytes;
  }

  /** A full collection when the heap holds more than the limit (between chunks, never inside one). */
  check(): void {
    if (process.memoryUsage().heapUsed <= this.limit) return;
    if (collectGarbage()) this.collections++;
  }
}
