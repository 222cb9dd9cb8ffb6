import type { Readable } from "node:stream";
import { SafeFetchFailure } from "@/lib/net/safe-fetch";
import { createFieldScanner, type PageFields } from "./page-fields";
import { createHeadScanner, type HeadData } from "./parse-head";
import { WAF_SNIFF_CHARS } from "./waf";

export interface PageRead {
  /** Whether the body was judged to be HTML (by Content-Type, or by its start when there is none). */
  html: boolean;
  /** The head's robots tags and canonical; null when the head was not parsed. */
  head: HeadData | null;
  /** The start of the body, for challenge-page detection. */
  sniff: string;
  /** A failure while reading (deadline, reset), which leaves the head incomplete. */
  failure: SafeFetchFailure | null;
  /**
   * The page's fields for the field history, read from the whole body (its first MAX_HEAD_BYTES); null when
   * not wanted, not HTML, or the body could not be read to its end (a failure after the head loses only these).
   */
  fields: PageFields | null;
}

export interface ReadPageOptions {
  contentType: string | undefined;
  /** Parse the head (a 2xx answer); otherwise only the start is read. */
  parseHead: boolean;
  /** Read the first 32 KiB for challenge-page markers even past the head. */
  sniff: boolean;
  documentUrl: string;
  /** Read on past the head for the field history (PageRead.fields). */
  fields?: boolean;
  /** With the fields, collect the internal links (PageFields.links, default true). */
  links?: boolean;
}

/** Decoded bytes read at most: a head that has not ended by then is judged on what was seen. */
export const MAX_HEAD_BYTES = 1024 * 1024;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const HTML_STARTS = ["<!doctype html", "<html", "<head", "<meta", "<title", "<link"];

/**
 * Reads only as much of a body as the audit needs (the head, and when the answer may be a challenge
 * the first 32 KiB that challenge pages are recognised by), then destroys the stream so the rest is
 * never downloaded.
 */
export async function readPage(body: Readable, options: ReadPageOptions): Promise<PageRead> {
  const { mediaType, charset } = parseContentType(options.contentType);
  const known = mediaType !== null;
  let html = known && HTML_TYPES.has(mediaType);
  const textual = !known || html || mediaType.startsWith("text/") || mediaType.includes("json");
  const result: PageRead = { html, head: null, sniff: "", failure: null, fields: null };
  const sniffWanted = options.sniff && textual;
  if (!sniffWanted && !(options.parseHead && (html || !known))) {
    body.destroy();
    return result;
  }
  const decoder = textDecoder(charset);
  const scanner = createHeadScanner(options.documentUrl);
  const fieldScanner = options.fields && options.parseHead ? createFieldScanner(options.documentUrl, { links: options.links ?? true }) : null;
  let parsing = options.parseHead && html;
  let headDone = !parsing;
  let undecided = !known && options.parseHead;
  let pending = "";
  let bytes = 0;
  let fieldsLost = false;
  // Past the head (and the sniff), the rest is only for the field scanner: kept as bytes and decoded once at the end.
  const rest: Buffer[] = [];
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (fieldScanner && parsing && headDone && !undecided && (!sniffWanted || result.sniff.length >= WAF_SNIFF_CHARS)) {
        rest.push(chunk);
        if (bytes >= MAX_HEAD_BYTES) break;
        continue;
      }
      const text = decoder.decode(chunk, { stream: true });
      if (sniffWanted && result.sniff.length < WAF_SNIFF_CHARS) result.sniff += text.slice(0, WAF_SNIFF_CHARS - result.sniff.length);
      if (undecided) {
        // No Content-Type: decide from the first characters, as browsers sniff.
        pending += text;
        if (pending.length < 512 && bytes < MAX_HEAD_BYTES) continue;
        undecided = false;
        html = result.html = looksLikeHtml(pending);
        parsing = html;
        headDone = !html;
        if (html) {
          headDone = scanner.write(pending);
          fieldScanner?.write(pending);
        }
        pending = "";
      } else if (parsing) {
        if (!headDone) headDone = scanner.write(text);
        fieldScanner?.write(text);
      }
      if (headDone && !undecided && (!sniffWanted || result.sniff.length >= WAF_SNIFF_CHARS) && !(parsing && fieldScanner)) break;
      if (bytes >= MAX_HEAD_BYTES) break;
    }
    if (rest.length) fieldScanner?.write(decoder.decode(rest.length === 1 ? rest[0] : Buffer.concat(rest)));
    if (pending) {
      html = result.html = looksLikeHtml(pending);
      parsing = html;
      if (html) {
        scanner.write(pending);
        fieldScanner?.write(pending);
      }
    }
  } catch (error) {
    // Past the head, a failure costs only the fields: what decides indexing was read whole.
    if (headDone && parsing && fieldScanner) fieldsLost = true;
    else result.failure = SafeFetchFailure.from(error, options.documentUrl);
  } finally {
    body.destroy();
  }
  if (parsing) result.head = scanner.finish();
  if (parsing && fieldScanner && !fieldsLost) result.fields = fieldScanner.finish();
  return result;
}

function parseContentType(value: string | undefined): { mediaType: string | null; charset: string | null } {
  if (!value || !value.trim()) return { mediaType: null, charset: null };
  const [type, ...params] = value.split(";");
  const charsetParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith("charset="));
  const charset = charsetParam ? charsetParam.slice(8).trim().replace(/^"|"$/g, "") : null;
  return { mediaType: type.trim().toLowerCase(), charset };
}

function textDecoder(charset: string | null): TextDecoder {
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

function looksLikeHtml(start: string): boolean {
  const text = start.charCodeAt(0) === 0xfeff ? start.slice(1) : start;
  const head = text.trimStart().slice(0, 64).toLowerCase();
  return HTML_STARTS.some((s) => head.startsWith(s));
}
