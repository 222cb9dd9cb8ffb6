import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | null | undefined;

/**
 * A full collection by V8, without starting node with --expose-gc (the way Jest's leak detection reaches it).
 * False when the runtime refuses: the caller goes on without.
 */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
  return gc !== null;
}
