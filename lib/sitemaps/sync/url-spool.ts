import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const FLUSH_BYTES = 256 * 1024;

/**
 * The on-host URLs of a walk, written to a temporary file as `url\tlastmodMs\n` lines, so memory
 * stays flat whatever the size of the sitemaps and no database connection is held while the
 * customer's site is fetched. A file's lines can be taken back (`rollback`) when it fails half-way.
 * WHATWG-serialized URLs never contain a tab or a line break, so the format needs no escaping.
 */
export class UrlSpool {
  private pending: string[] = [];
  private pendingBytes = 0;
  private position = 0;
  private closed = false;

  private constructor(
    readonly file: string,
    private readonly dir: string,
    private readonly handle: fs.promises.FileHandle,
  ) {}

  static async create(): Promise<UrlSpool> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "sitemap-sync-"));
    const file = path.join(dir, "urls.tsv");
    return new UrlSpool(file, dir, await fs.promises.open(file, "w+"));
  }

  /** Byte offset (including buffered lines) to roll back to. */
  mark(): number {
    return this.position + this.pendingBytes;
  }

  async write(url: string, lastmod: Date | undefined): Promise<void> {
    const line = `${url}\t${lastmod ? lastmod.getTime() : ""}\n`;
    this.pending.push(line);
    // URLs are ASCII after WHATWG serialization, so the string length is the byte length.
    this.pendingBytes += line.length;
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  /** Drops every line written after `mark`. */
  async rollback(mark: number): Promise<void> {
    if (mark >= this.position) {
      let keep = mark - this.position;
      const kept: string[] = [];
      for (const line of this.pending) {
        if (keep <= 0) break;
        kept.push(line);
        keep -= line.length;
      }
      this.pending = kept;
      this.pendingBytes = mark - this.position;
      return;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.position = mark;
    await this.handle.truncate(mark);
  }

  private async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const chunk = Buffer.from(this.pending.join(""), "latin1");
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle.write(chunk, 0, chunk.length, this.position);
    this.position += chunk.length;
  }

  /** Finishes writing; afterwards `blocks` reads the lines back. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    await this.handle.truncate(this.position);
    this.closed = true;
  }

  /** The lines in blocks of at most `maxBytes` (whole lines, each block ending with a newline). */
  async *blocks(maxBytes = 1024 * 1024): AsyncGenerator<string> {
    await this.close();
    if (this.position === 0) return;
    let carry = "";
    for await (const chunk of fs.createReadStream(this.file, { encoding: "latin1", highWaterMark: maxBytes })) {
      const text = carry + (chunk as string);
      const end = text.lastIndexOf("\n") + 1;
      carry = text.slice(end);
      if (end) yield text.slice(0, end);
    }
    if (carry) yield `${carry}\n`;
  }

  async dispose(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await fs.promises.rm(this.dir, { recursive: true, force: true });
  }
}
