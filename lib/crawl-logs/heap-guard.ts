// Keeps an import's memory flat. Each chunk leaves megabytes of short-lived large strings behind (the statement's
// parameters and the driver's copies of them), which V8 places straight into old space and collects only when that
// space reaches a limit it raises as it goes: left alone the heap of a long import climbs far above what it holds.
// A run starts from a collected heap; after a chunk has committed, a heap grown past that size plus
// LOG_HEAP_HEADROOM_MB is collected.
import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (gc === undefined) {
    try {
      // The usual way to reach V8's collector without starting node with --expose-gc (Jest's leak detection does the same).
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  return gc;
}

export class HeapGuard {
  private readonly limit: number;
  collections = 0;

  constructor(headroomBytes: number) {
    collector()?.();
    this.limit = process.memoryUsage().heapUsed + headroomBytes;
  }

  /** A full collection when the heap holds more than the limit (between chunks, never inside one). */
  check(): void {
    if (process.memoryUsage().heapUsed <= this.limit) return;
    const run = collector();
    if (!run) return;
    run();
    this.collections++;
  }
}
