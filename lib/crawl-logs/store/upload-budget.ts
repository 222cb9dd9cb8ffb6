// Each organization's share of the log spool: at most LOG_UPLOADS_CONCURRENT_PER_ORG uploads streaming at once (per
// process; 429 beyond) and LOG_SPOOL_QUOTA_BYTES_PER_ORG bytes spooled, counting the files of its queued and running
// imports (all processes, from the database) and the uploads streaming in this process (413 beyond).
import { DomainError } from "@/lib/core/errors";
import { db, Prisma } from "@/lib/db";
import { crawlLogConfig } from "../config";

type Upload = { bytes: number };
const g = globalThis as unknown as { __logUploads?: Map<string, Set<Upload>> };
const uploads = () => (g.__logUploads ??= new Map());

export type UploadSlot = {
  /** Counts bytes as they arrive; answers the quota error once the organization's spool would exceed its quota. */
  add(bytes: number): DomainError | null;
  /** The bytes the organization may still spool now (for a declared Content-Length). */
  room(): number;
  /** The quota error, as answered. */
  full(): DomainError;
  release(): void;
};

/** Takes one of the organization's upload slots (429 when all are taken) with what its imports already hold on disk. */
export async function enterUpload(organizationId: string): Promise<UploadSlot> {
  const { uploadsConcurrentPerOrg, spoolQuotaBytesPerOrg: quota } = crawlLogConfig();
  const map = uploads();
  const mine = map.get(organizationId) ?? new Set<Upload>();
  if (mine.size >= uploadsConcurrentPerOrg) {
    throw new DomainError("RATE_LIMITED", `This organization already has ${mine.size} log upload${mine.size === 1 ? "" : "s"} in progress (at most ${uploadsConcurrentPerOrg} at once); try again when one has finished`, { retryAfterSeconds: 30 });
  }
  const self: Upload = { bytes: 0 };
  mine.add(self);
  map.set(organizationId, mine);
  let stored: number;
  try {
    const [row] = await db.$queryRaw<{ bytes: bigint | null }[]>(Prisma.sql`
      SELECT sum(bytes)::bigint AS bytes FROM log_imports WHERE organization_id = ${organizationId}::uuid AND spool_path IS NOT NULL`);
    stored = Number(row?.bytes ?? 0);
  } catch (e) {
    release();
    throw e;
  }
  function release() {
    mine.delete(self);
    if (mine.size === 0 && map.get(organizationId) === mine) map.delete(organizationId);
  }
  const others = () => { let n = 0; for (const u of mine) if (u !== self) n += u.bytes; return n; };
  const full = () => {
    const mib = (n: number) => `${(n / 1024 ** 2).toLocaleString("en-US", { maximumFractionDigits: 1 })} MiB`;
    return new DomainError("PAYLOAD_TOO_LARGE",
      `This organization's uploaded logs waiting to be processed would exceed its spool quota of ${mib(quota)} (${mib(stored + others())} already waiting); `
        + "upload it once its imports have finished, or in smaller files", { limitBytes: quota, spooledBytes: stored + others() });
  };
  return {
    add(bytes) {
      self.bytes += bytes;
      return stored + others() + self.bytes > quota ? full() : null;
    },
    room: () => Math.max(0, quota - stored - others()),
    full,
    release,
  };
}
