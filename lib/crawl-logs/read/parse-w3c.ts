// W3C extended logs: IIS (space-separated, `+` for spaces in the agent) and CloudFront standard logs
// (tab-separated, URL-encoded agent). The `#Fields:` directive names the columns; until one is seen, IIS's
// default field list is assumed for space-separated lines and CloudFront's for tab-separated ones.
import { cleanHost, createHitMaker, parseBytes, reject, type ParserOptions } from "./parse-fields";
import { parseW3cTime } from "./parse-time";
import type { ParseResult } from "../types";

const IIS_DEFAULT = "date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken";
const CLOUDFRONT_DEFAULT =
  "date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end";

interface Columns {
  /** Values a line needs to reach every column we read. */
  required: number;
  date: number;
  time: number;
  ip: number;
  method: number;
  stem: number;
  query: number;
  status: number;
  bytes: number;
  agent: number;
  host: number;
  hostHeader: number;
}

function columns(fields: string): Columns {
  const names = fields.trim().split(/\s+/).map((f) => f.toLowerCase());
  const at = (...candidates: string[]) => {
    for (const c of candidates) {
      const i = names.indexOf(c);
      if (i >= 0) return i;
    }
    return -1;
  };
  const cols = {
    required: 0,
    date: at("date"),
    time: at("time"),
    ip: at("c-ip"),
    method: at("cs-method"),
    stem: at("cs-uri-stem", "cs-uri"),
    query: at("cs-uri-query"),
    status: at("sc-status"),
    bytes: at("sc-bytes"),
    agent: at("cs(user-agent)"),
    host: at("cs-host", "cs(host)"),
    hostHeader: at("x-host-header"),
  };
  cols.required = Math.max(cols.date, cols.time, cols.ip, cols.stem, cols.status) + 1;
  return cols;
}

function field(values: string[], index: number): string | null {
  if (index < 0 || index >= values.length) return null;
  const v = values[index];
  return v === "-" || v === "" ? null : v;
}

function decodeCloudFront(value: string): string {
  // CloudFront URL-encodes the agent, and some characters twice (%2520 for a space).
  let out = value;
  for (let i = 0; i < 2 && out.indexOf("%") >= 0; i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      break;
    }
  }
  return out;
}

export function createW3cParser(options: ParserOptions = {}): (line: string) => ParseResult | null {
  const makeHit = createHitMaker(options);
  let declared: Columns | null = null;
  const iisDefault = columns(IIS_DEFAULT);
  const cloudFrontDefault = columns(CLOUDFRONT_DEFAULT);
  let lastDate = "";
  let lastTime = "";
  let lastMs = NaN;

  return (line) => {
    if (line.charCodeAt(0) === 35) {
      if (line.startsWith("#Fields:")) declared = columns(line.slice(8));
      return null;
    }
    const tabbed = line.indexOf("\t") >= 0;
    const values = tabbed ? line.split("\t") : line.split(" ");
    const cols = declared ?? (tabbed ? cloudFrontDefault : iisDefault);
    if (values.length < cols.required || cols.date < 0 || cols.time < 0 || cols.stem < 0) return reject("no_fields");
    const date = values[cols.date];
    const time = values[cols.time];
    if (date !== lastDate || time !== lastTime) {
      lastDate = date;
      lastTime = time;
      lastMs = parseW3cTime(date, time);
    }
    const ms = lastMs;
    const stem = field(values, cols.stem);
    const query = field(values, cols.query);
    const rawAgent = field(values, cols.agent);
    const agent = rawAgent === null ? null : tabbed ? decodeCloudFront(rawAgent) : rawAgent.replaceAll("+", " ");
    const host = cleanHost(field(values, cols.hostHeader) ?? field(values, cols.host));
    const path = stem === null ? null : query === null ? stem : `${stem}?${query}`;
    return makeHit(ms, field(values, cols.ip), field(values, cols.method), host, path, field(values, cols.status), parseBytes(field(values, cols.bytes)), agent);
  };
}
