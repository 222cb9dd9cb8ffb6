// A small pool of worker threads that parse pushed log batches (parse-push-batch.ts), so that decompressing and
// parsing 64 MiB never runs on the thread that answers requests. LOG_PUSH_WORKERS threads (default: one less than the
// cores, at least 1, at most 4), started on first use and kept; batches beyond them wait in order.
// The worker loads our TypeScript sources through tsx (a runtime dependency, as for the operator CLI), so the same entry
// serves `next start`, the tests and the benchmarks without a bundler of its own.
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PushParseFailure, PushParseInput, PushParsed } from "./parse-push-batch";

type Job = { id: number; input: PushParseInput; resolve: (v: PushParsed | PushParseFailure) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job: Job | null; ready: Promise<void> };

const g = globalThis as unknown as { __logPushPool?: PushPool };

export function pushPool(): PushPool {
  return (g.__logPushPool ??= new PushPool(poolSize()));
}

function poolSize(): number {
  const v = Number(process.env.LOG_PUSH_WORKERS);
  if (Number.isInteger(v) && v > 0) return v;
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/** The worker's entry, a TypeScript file loaded through tsx (LOG_PUSH_WORKER_ENTRY overrides it, e.g. for a bundle). */
function workerSource(): string {
  const entry = process.env.LOG_PUSH_WORKER_ENTRY ?? path.join(/* turbopackIgnore: true */ process.cwd(), "lib/crawl-logs/read/push-worker.ts");
  if (!entry.endsWith(".ts")) return `import(${JSON.stringify(`file://${entry}`)});`;
  return `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(`file://${entry}`)}));`;
}

export class PushPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;

  constructor(private readonly size: number) {}

  /** Parses one batch on a worker thread. */
  parse(input: PushParseInput): Promise<PushParsed | PushParseFailure> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.seq, input, resolve, reject });
      this.pump();
    });
  }

  /** Batches waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, input: job.input });
    }
  }

  private start(): Slot {
    const worker = new Worker(workerSource(), { eval: true, execArgv: [], env: process.env, stdout: false, stderr: false });
    let ready!: () => void;
    const slot: Slot = { worker, job: null, ready: new Promise<void>((r) => (ready = r)) };
    worker.unref();
    worker.on("message", (msg: { id: number; ready?: boolean; out?: PushParsed | PushParseFailure; error?: string }) => {
      if (msg.ready) { ready(); return; }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      worker.unref();
      if (msg.out) job.resolve(msg.out);
      else job.reject(new Error(`log push worker: ${msg.error}`));
      this.pump();
    });
    const fail = (error: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      ready();
      slot.job?.reject(error);
      slot.job = null;
      this.pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`log push worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** Starts every worker and resolves once each has loaded its code (a cold start compiles the parser: seconds on a busy machine). */
  async warm(): Promise<void> {
    while (this.slots.length < this.size) this.start();
    await Promise.all(this.slots.map((s) => s.ready));
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
