import { randomBytes } from "node:crypto";
import { Prisma, sqlExecute, sqlRows } from "@/lib/db";

/** Lines per block are whatever fits in this many bytes: about 2,500 sitemap URLs. */
const BLOCK_BYTES = 256 * 1024;
const PREFIX = "sitemap_sync_stage_";
const TAB = 0x09;
const NEWLINE = 0x0a;
/** A stage table this old belongs to a sync that died without cleaning up (no sync lasts an hour). */
const ORPHAN_AFTER_MS = 6 * 3600_000;

/**
 * The on-host URLs of a walk, written as the walk reads them into an unlogged table of the sync's
 * own (`sitemap_sync_stage_<ms>_<hex>`), so the database loads them on its core while the walk parses
 * on the other, memory stays flat whatever the size of the sitemaps, and no transaction is open while
 * the customer's site is fetched. The admission transaction then reads the table once.
 *
 * Each line is the URL, its lastmod and the walk's ordinal of the file that listed it (which sitemap a
 * URL belongs to: tracked_urls.sitemap_id). Lines are buffered into blocks of 256 KB, each sent as one parameter that the server splits (far
 * cheaper than arrays of parameters), with one block in flight while the other fills.
 * Every line has a sequence number, so the lines of a file that fails half-way can be taken back
 * (`mark` / `rollback`). WHATWG-serialized URLs never contain a tab or a line break, so the block
 * format needs no escaping. The table is unlogged (never replayed or replicated: it lives for one
 * sync) and dropped by `dispose`; tables left by a crashed process are dropped by the next sync.
 */
export class UrlStage {
  /** Two blocks used in turn: one filling while the other is sent. */
  private blocks = [Buffer.allocUnsafe(BLOCK_BYTES), Buffer.allocUnsafe(BLOCK_BYTES)];
  private filling = 0;
  private bytes = 0;
  private lines = 0;
  /** Sequence number of the first buffered line; lines before it were sent. */
  private pendingFrom = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  private constructor(
    /** The table's name, generated here (never from input), so safe to splice into SQL. */
    readonly name: string,
  ) {}

  get table(): Prisma.Sql {
    return Prisma.raw(this.name);
  }

  static async create(): Promise<UrlStage> {
    const now = Date.now();
    await dropOrphanedStages(now);
    const stage = new UrlStage(`${PREFIX}${now}_${randomBytes(6).toString("hex")}`);
    await sqlExecute(Prisma.sql`CREATE UNLOGGED TABLE ${stage.table} (seq bigint NOT NULL, url text NOT NULL, lastmod timestamptz(3), file int NOT NULL DEFAULT 0)`);
    return stage;
  }

  /** The position to roll back to: the sequence number of the next line. */
  mark(): number {
    return this.pendingFrom + this.lines;
  }

  /**
   * Buffers one line. Lines are written straight into the block (no string per line survives to
   * be promoted by the garbage collector, which kept a million URLs' worth of dead strings on the
   * heap until a full collection).
   */
  async write(url: string, lastmod: Date | undefined, file = 0): Promise<void> {
    // normalizeUrl caps URLs at 2,048 characters; a UTF-8 byte per character unless the URL is not ASCII.
    if (this.bytes + url.length * 3 + 32 > BLOCK_BYTES) await this.send();
    const block = this.blocks[this.filling];
    this.bytes += block.write(url, this.bytes, "utf8");
    block[this.bytes++] = TAB;
    if (lastmod) this.bytes += block.write(String(lastmod.getTime()), this.bytes, "latin1");
    // The walk's ordinal of the sitemap file that listed the URL (sitemap coverage); omitted when 0.
    if (file) {
      block[this.bytes++] = TAB;
      this.bytes += block.write(String(file), this.bytes, "latin1");
    }
    block[this.bytes++] = NEWLINE;
    this.lines++;
  }

  /** Takes back every line written after `mark`. */
  async rollback(mark: number): Promise<void> {
    if (mark >= this.pendingFrom) {
      const keep = mark - this.pendingFrom;
      const block = this.blocks[this.filling];
      let end = 0;
      for (let k = 0; k < keep; k++) end = block.indexOf(NEWLINE, end) + 1;
      this.bytes = end;
      this.lines = keep;
      return;
    }
    this.bytes = 0;
    this.lines = 0;
    this.pendingFrom = mark;
    await this.settle();
    await sqlExecute(Prisma.sql`DELETE FROM ${this.table} WHERE seq >= ${mark}`);
  }

  /** Sends what is buffered and waits until every line is in the table. */
  async finish(): Promise<void> {
    await this.send();
    await this.settle();
  }

  async dispose(): Promise<void> {
    await this.inFlight;
    await sqlExecute(Prisma.sql`DROP TABLE IF EXISTS ${this.table}`);
  }

  /**
   * Sends the buffered lines once the block before them is in, and does not wait for this one: the
   * walk fills the other block meanwhile. The block goes as bytes; the server decodes and splits it.
   */
  private async send(): Promise<void> {
    await this.settle();
    if (!this.lines) return;
    const block = this.blocks[this.filling].subarray(0, this.bytes);
    const from = this.pendingFrom;
    this.pendingFrom += this.lines;
    this.filling = 1 - this.filling;
    this.bytes = 0;
    this.lines = 0;
    this.inFlight = sqlExecute(Prisma.sql`
      INSERT INTO ${this.table} (seq, url, lastmod, file)
      SELECT ${from}::bigint + o - 1, split_part(line, E'\t', 1), to_timestamp(nullif(split_part(line, E'\t', 2), '')::bigint / 1000.0),
             coalesce(nullif(split_part(line, E'\t', 3), '')::int, 0)
      FROM string_to_table(convert_from(${block}::bytea, 'UTF8'), E'\n') WITH ORDINALITY AS l(line, o) WHERE line <> ''`).then(
      () => undefined,
      (error) => void (this.failure ??= error),
    );
  }

  private async settle(): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure;
  }
}

/** Drops the stage tables of syncs that died (process killed mid-sync): their name carries their birth. */
async function dropOrphanedStages(now: number): Promise<void> {
  const rows = await sqlRows<{ name: string }>(Prisma.sql`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.relname LIKE ${`${PREFIX}%`}`);
  for (const { name } of rows) {
    const born = Number(/^sitemap_sync_stage_(\d+)_[0-9a-f]+$/.exec(name)?.[1]);
    if (born && now - born > ORPHAN_AFTER_MS) await sqlExecute(Prisma.sql`DROP TABLE IF EXISTS ${Prisma.raw(name)}`);
  }
}
