import { describe, expect, it } from "vitest";
import { commitUrlImportFn } from "@/inngest/functions/imports/commit-url-import";
import { runInProcess } from "@/lib/jobs/in-process-runner";
import { classifyImportRows } from "@/lib/imports/classify-import-rows";
import { isHeaderCell, parseImportFile } from "@/lib/imports/parse-import-file";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("header rule", () => {
  it.each(["url", "URL", "urls", "Page URL", "loc", "Address", "link_url", "page-url", "Adresse Web", "URL 1"])("%s is a header", (cell) => {
    expect(isHeaderCell(cell)).toBe(true);
  });
  it.each(["https://example.com/", "example.com", "/path", "url:", "1url", "", " url", "www.example.com", "x".repeat(65), "url (main)"])(
    "%j is data", (cell) => {
      expect(isHeaderCell(cell)).toBe(false);
    });
});

describe("parseImportFile", () => {
  it("gives each CSV row the physical line it starts on, across quoted line breaks and mixed line ends", () => {
    const csv = 'url,n\r\n"https://a.example/1","x\r\ny"\nhttps://a.example/2\r\r\n\n"https://a.example/3"';
    expect(parseImportFile(bytes(csv), "csv")).toEqual({
      headerDetected: true,
      rows: [{ line: 2, value: "https://a.example/1" }, { line: 4, value: "https://a.example/2" }, { line: 7, value: "https://a.example/3" }],
    });
  });

  it.each([
    ["commas", "url,title\nhttps://a.example/x;y,t", "https://a.example/x;y"],
    ["semicolons after a header", "\n  url;title\nhttps://a.example/x,y;t", "https://a.example/x,y"],
    ["tabs after a header", "Page URL\ttitle\nhttps://a.example/x;y,z\tt", "https://a.example/x;y,z"],
    ["commas without a header", "https://a.example/x;y,t", "https://a.example/x;y"],
  ])("splits on %s", (_n, csv, first) => {
    const { rows } = parseImportFile(bytes(csv), "csv");
    expect(rows[rows.length - 1].value).toBe(first);
  });

  it("treats rows with only empty cells as blank", () => {
    expect(parseImportFile(bytes(',,\n"",""\n  ,  \nhttps://a.example/'), "csv").rows).toEqual([{ line: 4, value: "https://a.example/" }]);
  });

  it("reads text line by line without splitting on commas or quotes", () => {
    expect(parseImportFile(bytes('\uFEFF"https://a.example/q",x\r\n\r\n  https://a.example/b  '), "text")).toEqual({
      headerDetected: false,
      rows: [{ line: 1, value: '"https://a.example/q",x' }, { line: 3, value: "https://a.example/b" }],
    });
  });
});

describe("classifyImportRows", () => {
  it("counts invalid, off-host and duplicate rows and keeps the first occurrence of each URL", () => {
    const rows = ["https://a.example/x", "https://A.EXAMPLE/x#top", "https://b.example/x", "nope", "https://a.example/y"].map((value, i) => ({ line: i + 1, value }));
    expect(classifyImportRows(rows, "a.example")).toEqual({
      totalRows: 5, validRows: 3, invalidRows: 2, duplicateInFileRows: 1,
      rowErrors: [{ line: 3, reason: "off_host", value: "https://b.example/x" }, { line: 4, reason: "invalid_url", value: "nope" }],
      invalidByReason: { off_host: 1, invalid_url: 1 },
      duplicates: [{ line: 2, firstLine: 1 }],
      unique: [{ line: 1, url: "https://a.example/x" }, { line: 5, url: "https://a.example/y" }],
    });
  });
});

describe("commit-url-import", () => {
  it("refuses a malformed payload at once, without retrying", async () => {
    const event = { name: "url-import/commit.requested", data: { importId: "nope" }, id: crypto.randomUUID(), ts: Date.now() };
    await expect(runInProcess(commitUrlImportFn, event, { emit: async () => [], retryDelayMs: () => 1 })).rejects.toThrow(/Invalid url-import\/commit.requested event/);
  });
});
