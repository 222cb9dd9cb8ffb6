import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { createTestUser, type TestUser } from "../factories";
import { csvOf, getImport, pages, preview, projectFor, trackedUrls, uploadMultipart, uploadRaw } from "./helpers";

const MiB5 = 5 * 1024 * 1024;
const storedRows = (importId: string) =>
  db.urlImportRow.findMany({ where: { importId }, orderBy: { seq: "asc" }, select: { seq: true, line: true, url: true } });

/** Valid rows of `https://{domain}/pN?pad=xxx…`, padded so the whole file is exactly `total` bytes. */
function fileOfExactly(domain: string, total: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const sep = lines.length ? 1 : 0;
    const prefix = `https://${domain}/p${i}?pad=`;
    const remaining = total - size - sep;
    const width = remaining <= 1_800 ? remaining : 1_300;
    lines.push(prefix + "x".repeat(width - prefix.length));
    size += sep + width;
    if (size === total) break;
  }
  return lines.join("\n");
}

let u: TestUser;
beforeAll(async () => { u = await createTestUser("imports-upload"); });

describe("import preview: CSV", () => {
  it("detects and skips a header, previews without writing URLs or debiting credits", async () => {
    const t = await projectFor(u);
    const balance = await currentBalance(systemCtx("test"), u.organizationId);
    const csv = `url,title\nhttps://${t.domain}/a,A\nhttps://${t.domain}/b,B\n`;
    const { res, body } = await uploadRaw(t, csv);
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({
      status: "ready", projectId: t.projectId, organizationId: u.organizationId, fileName: "upload.csv", headerDetected: true,
      fileSizeBytes: Buffer.byteLength(csv), contentSha256: crypto.createHash("sha256").update(csv).digest("hex"),
      totalRows: 2, validRows: 2, invalidRows: 0, duplicateInFileRows: 0, alreadyTrackedRows: 0, netNewRows: 2, rowErrors: [],
      processedRows: 0, insertedRows: 0, skippedRows: 0, error: null, committedAt: null, completedAt: null,
    });
    expect(Date.parse(body.data.expiresAt) - Date.parse(body.data.createdAt)).toBeCloseTo(24 * 3600_000, -4);
    expect(await storedRows(body.data.id)).toEqual([
      { seq: 0, line: 2, url: `https://${t.domain}/a` }, { seq: 1, line: 3, url: `https://${t.domain}/b` },
    ]);
    expect(await trackedUrls(t.projectId)).toEqual([]);
    expect(await currentBalance(systemCtx("test"), u.organizationId)).toBe(balance);
  });

  it("takes the first row as data when it is a URL", async () => {
    const t = await projectFor(u);
    const data = await preview(t, `https://${t.domain}/a,first\nhttps://${t.domain}/b,second`);
    expect(data).toMatchObject({ headerDetected: false, totalRows: 2, netNewRows: 2 });
  });

  it("strips a BOM and reads CRLF line ends", async () => {
    const t = await projectFor(u);
    const bytes = new TextEncoder().encode(`\uFEFFURL\r\nhttps://${t.domain}/a\r\n\r\nhttps://${t.domain}/b\r\n`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { body } = await uploadRaw(t, bytes);
    expect(body.data).toMatchObject({ headerDetected: true, totalRows: 2, netNewRows: 2, fileSizeBytes: bytes.byteLength });
    expect((await storedRows(body.data.id)).map((r) => [r.line, r.url])).toEqual([[2, `https://${t.domain}/a`], [4, `https://${t.domain}/b`]]);
  });

  it("parses quoted fields with commas, semicolons, escaped quotes and line breaks", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const csv = [
      `"https://${d}/a,b",x`,
      `"https://${d}/c;d","semi;colon"`,
      `"https://${d}/q?x=""y""",z`,
      `https://${d}/plain;matrix=1,w`,
      `https://${d}/m,"a note`,
      `on two lines"`,
      `not-a-url,after the multi-line row`,
    ].join("\r\n");
    const data = await preview(t, csv);
    expect(data).toMatchObject({ headerDetected: false, totalRows: 6, validRows: 5, invalidRows: 1, netNewRows: 5 });
    expect(data.rowErrors).toEqual([{ line: 7, reason: "invalid_url", value: "not-a-url" }]);
    expect((await storedRows(data.id)).map((r) => [r.line, r.url])).toEqual([
      [1, `https://${d}/a,b`], [2, `https://${d}/c;d`], [3, `https://${d}/q?x=%22y%22`], [4, `https://${d}/plain;matrix=1`], [5, `https://${d}/m`],
    ]);
  });

  it("reads a semicolon-separated export (told by its header), semicolons inside quotes included", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const data = await preview(t, [`"URL";"Title"`, `"https://${d}/a;b";"x;y"`, `https://${d}/c;"z"`, `"https://${d}/d,e";w`].join("\r\n"));
    expect(data).toMatchObject({ headerDetected: true, totalRows: 3, invalidRows: 0, netNewRows: 3 });
    expect((await storedRows(data.id)).map((r) => r.url)).toEqual([`https://${d}/a;b`, `https://${d}/c`, `https://${d}/d,e`]);
  });

  it("reports every invalid row with its physical line, reason and value; blank lines are not rows", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const long = `https://${d}/${"l".repeat(2100)}`;
    const lines = [
      "url", `https://${d}/ok`, "", "not a url", "   ", `ftp://${d}/file`, `https://other-${d}/x`, `HTTPS://${d.toUpperCase()}/ok#frag`,
      `https://www.${d}/x`, `,https://${d}/second-column`, long, `mailto:someone@${d}`, `https://user:pw@${d}/`, ",,", `https://${d}:443/port`,
    ];
    const data = await preview(t, lines.join("\n"));
    expect(data).toMatchObject({
      headerDetected: true, totalRows: 11, invalidRows: 8, validRows: 3, duplicateInFileRows: 1, alreadyTrackedRows: 0, netNewRows: 2,
    });
    expect(data.rowErrors).toEqual([
      { line: 4, reason: "invalid_url", value: "not a url" },
      { line: 6, reason: "unsupported_scheme", value: `ftp://${d}/file` },
      { line: 7, reason: "off_host", value: `https://other-${d}/x` },
      { line: 9, reason: "off_host", value: `https://www.${d}/x` },
      { line: 10, reason: "empty", value: "" },
      { line: 11, reason: "too_long", value: long.slice(0, 2048) },
      { line: 12, reason: "unsupported_scheme", value: `mailto:someone@${d}` },
      { line: 13, reason: "credentials_in_url", value: `https://user:pw@${d}/` },
    ]);
    expect((await storedRows(data.id)).map((r) => [r.line, r.url])).toEqual([[2, `https://${d}/ok`], [15, `https://${d}/port`]]);
  });

  it("counts duplicates in the file and URLs the project already tracks", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    await db.trackedUrl.createMany({
      data: ["a", "b"].map((p) => ({ organizationId: u.organizationId, projectId: t.projectId, url: `https://${d}/${p}`, source: "manual" as const })),
    });
    const data = await preview(t, csvOf(d, ["a", "c", "a", "b#x", "c", "d", "c"]));
    expect(data).toMatchObject({ totalRows: 7, validRows: 7, invalidRows: 0, duplicateInFileRows: 3, alreadyTrackedRows: 2, netNewRows: 2 });
    expect((await storedRows(data.id)).map((r) => [r.seq, r.line, r.url])).toEqual([[0, 3, `https://${d}/c`], [1, 7, `https://${d}/d`]]);
  });

  it("caps rowErrors at 1,000, truncates values to 2,048 chars and says so in the message", async () => {
    const t = await projectFor(u);
    const rows = Array.from({ length: 1_500 }, (_, i) => (i === 0 ? "x".repeat(3_000) : `bad row ${i}`));
    const { res, body } = await uploadRaw(t, rows.join("\n"));
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ totalRows: 1_500, invalidRows: 1_500, netNewRows: 0 });
    expect(body.data.rowErrors).toHaveLength(1_000);
    expect(body.data.rowErrors[0]).toEqual({ line: 1, reason: "too_long", value: "x".repeat(2_048) });
    expect(body.data.rowErrors[999]).toEqual({ line: 1_000, reason: "invalid_url", value: "bad row 999" });
    expect(body.message).toMatch(/first 1,000 of 1,500 row errors/);
    const again = await getImport(t, body.data.id);
    expect(again.body.message).toMatch(/first 1,000 of 1,500 row errors/);
    expect((await db.urlImport.findUniqueOrThrow({ where: { id: body.data.id } })).rowErrorsTruncated).toBe(true);
  });

  it.each([
    ["an unterminated quote", `https://x.example/a\n"https://x.example/b,c\n`, /line 2/],
    ["bytes that are not UTF-8", new Uint8Array([0x68, 0x74, 0xff, 0xfe, 0x0a]), /UTF-8/],
    ["an empty file", "", /empty/],
    ["only blank lines and a header", "url\n\n  \n", /no URL rows/],
  ])("answers 400 for %s", async (_n, content, message) => {
    const t = await projectFor(u);
    const { res, body } = await uploadRaw(t, content);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(body.message).toMatch(message);
  });
});

describe("import preview: plain text and multipart", () => {
  it("reads one URL per line from text/plain, commas included", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const { res, body } = await uploadRaw(t, `URLs\r\nhttps://${d}/a\r\n\r\n  https://${d}/b,c  \nnope\n`, "text/plain; charset=utf-8", "?fileName=list.txt");
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ fileName: "list.txt", headerDetected: true, totalRows: 3, invalidRows: 1, netNewRows: 2 });
    expect(body.data.rowErrors).toEqual([{ line: 5, reason: "invalid_url", value: "nope" }]);
    expect((await storedRows(body.data.id)).map((r) => r.url)).toEqual([`https://${d}/a`, `https://${d}/b,c`]);
  });

  it("defaults the name of a raw text body to upload.txt", async () => {
    const t = await projectFor(u);
    const { body } = await uploadRaw(t, `https://${t.domain}/a`, "text/plain");
    expect(body.data.fileName).toBe("upload.txt");
  });

  it("accepts a multipart `file` part: .csv as CSV, .txt as text, with the part's filename", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const csv = await uploadMultipart(t, `loc,x\n"https://${d}/a,b",1`, "export.csv", "text/csv");
    expect(csv.res.status).toBe(201);
    expect(csv.body.data).toMatchObject({ fileName: "export.csv", headerDetected: true, netNewRows: 1 });
    expect((await storedRows(csv.body.data.id))[0].url).toBe(`https://${d}/a,b`);
    const txt = await uploadMultipart(t, `https://${d}/a,b\nhttps://${d}/c`, "urls.txt", "text/plain");
    expect(txt.body.data).toMatchObject({ fileName: "urls.txt", headerDetected: false, netNewRows: 2 });
    expect((await storedRows(txt.body.data.id)).map((r) => r.url)).toEqual([`https://${d}/a,b`, `https://${d}/c`]);
  });

  it("answers 400 without a `file` part and 415 for other content types", async () => {
    const t = await projectFor(u);
    const wrongField = await uploadMultipart(t, "https://x.example/", "a.csv", "text/csv", "upload");
    expect(wrongField.res.status).toBe(400);
    expect(wrongField.body.code).toBe("VALIDATION_ERROR");
    for (const type of ["application/json", "application/octet-stream", "application/x-www-form-urlencoded", "text/csv; charset=iso-8859-1"]) {
      const { res, body } = await uploadRaw(t, "https://x.example/", type);
      expect(res.status, type).toBe(415);
      expect(body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    const broken = await uploadRaw(t, "--nope\r\n\r\n", "multipart/form-data; boundary=zzz");
    expect(broken.res.status).toBe(400);
  });
});

describe("import limits", () => {
  it("accepts exactly 5 MiB and answers 413 PAYLOAD_TOO_LARGE for one byte more (raw and multipart)", async () => {
    const t = await projectFor(u);
    const exact = fileOfExactly(t.domain, MiB5);
    expect(Buffer.byteLength(exact)).toBe(MiB5);
    const ok = await uploadRaw(t, exact);
    expect(ok.res.status, JSON.stringify(ok.body).slice(0, 300)).toBe(201);
    expect(ok.body.data).toMatchObject({ fileSizeBytes: MiB5, invalidRows: 0, headerDetected: false });
    expect(ok.body.data.netNewRows).toBe(ok.body.data.totalRows);

    const over = fileOfExactly(t.domain, MiB5 + 1);
    for (const attempt of [() => uploadRaw(t, over), () => uploadMultipart(t, over)]) {
      const { res, body } = await attempt();
      expect(res.status).toBe(413);
      expect(body).toMatchObject({ success: false, status: 413, code: "PAYLOAD_TOO_LARGE" });
    }
    const multipartExact = await uploadMultipart(t, exact, "big.csv");
    expect(multipartExact.res.status).toBe(201);
    expect(multipartExact.body.data.fileSizeBytes).toBe(MiB5);
  }, 60_000);

  it("accepts 50,000 data rows (plus a header) and answers 400 for 50,001", async () => {
    const t = await projectFor(u);
    const d = t.domain;
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `https://${d}/p${i % 100}`);
    const ok = await uploadRaw(t, ["url", ...rows(50_000)].join("\n"));
    expect(ok.res.status).toBe(201);
    expect(ok.body.data).toMatchObject({ headerDetected: true, totalRows: 50_000, validRows: 50_000, duplicateInFileRows: 49_900, netNewRows: 100 });
    const over = await uploadRaw(t, rows(50_001).join("\n"));
    expect(over.res.status).toBe(400);
    expect(over.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(over.body.message).toMatch(/50,000 rows/);
    const overText = await uploadRaw(t, rows(50_001).join("\n"), "text/plain");
    expect(overText.res.status).toBe(400);
  }, 60_000);

  it("stores net-new rows of a larger preview in file order", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(12_345)));
    expect(data.netNewRows).toBe(12_345);
    const rows = await storedRows(data.id);
    expect(rows).toHaveLength(12_345);
    expect(rows[12_344]).toEqual({ seq: 12_344, line: 12_346, url: `https://${t.domain}/p12344` });
  }, 60_000);
});

describe("stored preview rows", () => {
  it("go with their import when it is deleted, and only theirs", async () => {
    const t = await projectFor(u);
    const a = await uploadRaw(t, `https://${t.domain}/a\nhttps://${t.domain}/b\n`);
    const b = await uploadRaw(t, `https://${t.domain}/c\n`);
    expect(await storedRows(a.body.data.id)).toHaveLength(2);
    await db.urlImport.delete({ where: { id: a.body.data.id } });
    expect(await storedRows(a.body.data.id)).toEqual([]);
    expect(await storedRows(b.body.data.id)).toEqual([{ seq: 0, line: 1, url: `https://${t.domain}/c` }]);
  });
});
