// The renderer yields the CPU to the rest of the app: every thread of the local browsers this process launched runs at
// a lower CPU priority (RENDER_NICE, default 10), so the audit's latency-bound work gets a core first when renders run
// beside it in the same scheduling group. Linux only (it reads /proc); elsewhere, or for a remote browser, nothing changes.
// Renders also yield to audits by admission (admission.ts: fewer renders at once while this process's audits run).
import fs from "node:fs";
import os from "node:os";

/** The marker of a browser Playwright launched (it always talks to it over a pipe). */
const LAUNCHED_BROWSER = "--remote-debugging-pipe";

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
};
const list = (dir: string): string[] => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};

/** The direct children of a process (every thread's). */
function childrenOf(pid: number): number[] {
  return list(`/proc/${pid}/task`).flatMap((tid) => (read(`/proc/${pid}/task/${tid}/children`) ?? "").split(/\s+/).filter(Boolean).map(Number));
}

/**
 * Lowers the CPU priority of every thread of the browsers launched by this process (`root`) and of their children to
 * `nice` (renderers forked later inherit it from the zygote; re-applied after each page opens, for threads Chromium
 * started meanwhile). Never raises a priority. Returns the threads changed; never throws.
 *
 * What it does not touch: the browser's session. Playwright starts the browser in a session of its own, and where the
 * kernel's autogroups are in effect (a bare host, tasks in the root CPU cgroup) the scheduler weighs whole sessions
 * against each other, so these thread priorities only order Chromium's own threads there. Lowering the session's
 * autogroup instead (/proc/<pid>/autogroup) was measured (docs/benchmarks.md, "Rendering, third pass"): it makes the
 * browser yield to every other session of the machine, and under other work renders crawled and timed out (a false
 * render_failed on the customer's page). In a container or a service with a CPU cgroup, where the browser and the app
 * share one group, the threads' nice is what makes the renderer yield to the audits.
 */
export function lowerBrowserPriority(nice: number, root = process.pid): number {
  if (nice <= 0 || process.platform !== "linux") return 0;
  let changed = 0;
  for (const browser of childrenOf(root)) {
    if (!(read(`/proc/${browser}/cmdline`) ?? "").split("\0").includes(LAUNCHED_BROWSER)) continue;
    const pending = [browser];
    while (pending.length) {
      const pid = pending.pop()!;
      for (const tid of list(`/proc/${pid}/task`).map(Number)) {
        try {
          if (os.getPriority(tid) < nice) {
            os.setPriority(tid, nice);
            changed++;
          }
        } catch {
          // the thread ended meanwhile
        }
      }
      pending.push(...childrenOf(pid));
    }
  }
  return changed;
}
