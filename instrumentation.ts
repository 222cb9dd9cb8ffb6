// Next.js calls register() once per server start. Imports are dynamic so the edge bundle never
// sees the database, the embedded PostgreSQL or the job runner.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: the client IP is the socket address unless TRUST_PROXY=1 (rate limits, audit log).
  const { guardClientAddress } = await import("./lib/rate-limit/client-address");
  guardClientAddress();
  // TRACE and CONNECT on /api answer in the envelope (Next.js would answer a bare 500 or drop them).
  const { answerUnroutableMethods } = await import("./lib/api/unroutable-methods");
  answerUnroutableMethods();
  // A URL page read again unchanged goes out as its kept gzip: its handler's encoding header becomes Content-Encoding.
  const { installKeptEncodings } = await import("./lib/api/gzip-answers");
  installKeptEncodings();
  const { ensureDatabaseReady } = await import("./lib/db/ready");
  await ensureDatabaseReady();
  // `next build` may load instrumentation while prerendering; crons belong to the running server.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Which calls /api/inngest serves: signed ones, none (in-process jobs), or unsigned (dev mode; refused in production).
  const [{ inngest }, { logInngestServeMode }] = await Promise.all([import("./lib/jobs/inngest-client"), import("./lib/jobs/serve-policy")]);
  logInngestServeMode(inngest.mode);
  // The log push parsers (worker threads) load their code now, not on the first push.
  void import("./lib/crawl-logs/read/push-pool").then((m) => m.pushPool().warm()).catch((error) => console.error("[crawl-logs] starting the log push workers failed", error));
  const { startInProcessJobs } = await import("./lib/jobs/scheduler");
  // The job layer hands its functions to the in-process runner (lib never imports inngest/).
  const { functions } = await import("./inngest/functions");
  if (startInProcessJobs(functions)) {
    // In-process mode: commits cut short by the last stop continue from their last chunk.
    const { resumeCommittingImports } = await import("./lib/imports/resume-committing-imports");
    await resumeCommittingImports().catch((error) => console.error("[imports] resuming commits failed", error));
    // Server log imports cut short continue after their last committed chunk.
    const { resumeLogImports } = await import("./lib/crawl-logs/store/resume-log-imports");
    await resumeLogImports().catch((error) => console.error("[crawl-logs] resuming log imports failed", error));
  }
}
