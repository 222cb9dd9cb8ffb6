// Runs in-process jobs after the caller returns, a few at a time (the embedded database runs one
// query at a time). Every failure is logged and counted; nothing is dropped silently.
import { outsideTransaction } from "@/lib/db/transaction-scope";

type Job = { label: string; task: () => Promise<unknown> };
type Queue = { active: number; pending: Job[]; idle: (() => void)[]; failed: number; completed: number };

const CONCURRENCY = 2;
const g = globalThis as unknown as { __inProcessQueue?: Queue };
const queue = (g.__inProcessQueue ??= { active: 0, pending: [], idle: [], failed: 0, completed: 0 });

export function enqueue(label: string, task: () => Promise<unknown>): void {
  queue.pending.push({ label, task });
  pump();
}

/** Resolves once nothing is running or waiting (tests, graceful shutdown). */
export function whenInProcessIdle(): Promise<void> {
  if (!queue.active && !queue.pending.length) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}

export function inProcessQueueStats() {
  return { active: queue.active, pending: queue.pending.length, completed: queue.completed, failed: queue.failed };
}

function pump() {
  while (queue.active < CONCURRENCY && queue.pending.length) {
    const job = queue.pending.shift()!;
    queue.active++;
    void run(job);
  }
  if (!queue.active && !queue.pending.length) queue.idle.splice(0).forEach((resolve) => resolve());
}

// Never rejects: the job's own error is logged here, so `void run(job)` above loses nothing. A job queued from inside a
// transaction's body (an event sent there) runs on its own, outside that transaction (lib/db/transaction-scope.ts).
async function run(job: Job) {
  try {
    await outsideTransaction(job.task);
    queue.completed++;
  } catch (error) {
    queue.failed++;
    console.error(`[jobs] ${job.label} failed`, error);
  } finally {
    queue.active--;
    pump();
  }
}
