// JSON lines: Cloudflare Logpush `http_requests` records, and a generic mapping of common field names.
import { cleanHost, createHitMaker, parseBytes, reject, type ParserOptions } from "./parse-fields";
import { parseAnyTime } from "./parse-time";
import type { ParseResult } from "../types";

type Json = Record<string, unknown>;

function parseObject(line: string): Json | null {
  if (line.charCodeAt(0) !== 123) return null;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 && v !== "-" ? v : null);
const strOrNum = (v: unknown): string | number | null => (typeof v === "number" ? v : str(v));

export function createCloudflareParser(options: ParserOptions = {}): (line: string) => ParseResult {
  const makeHit = createHitMaker(options);
  return (line) => {
    const o = parseObject(line);
    if (!o || !("ClientIP" in o) || !("ClientRequestURI" in o || "ClientRequestPath" in o)) return reject("malformed");
    const ms = parseAnyTime(o.EdgeStartTimestamp ?? o.EdgeEndTimestamp);
    const method = str(o.ClientRequestMethod);
    return makeHit(ms,
      str(o.ClientIP),
      method,
      cleanHost(str(o.ClientRequestHost)),
      str(o.ClientRequestURI) ?? str(o.ClientRequestPath),
      strOrNum(o.EdgeResponseStatus),
      parseBytes(strOrNum(o.EdgeResponseBytes)),
      str(o.ClientRequestUserAgent),
    );
  };
}

/** The generic mapping: for each field, the first of these names present in the object (documented in docs/guide/crawl-activity.md). */
export const GENERIC_JSON_FIELDS = {
  time: ["time", "timestamp", "@timestamp", "ts", "time_iso8601", "time_local", "datetime", "date"],
  ip: ["ip", "remote_addr", "client_ip", "clientip", "client_addr", "remote_ip", "clientIp", "src_ip"],
  method: ["method", "request_method", "http_method"],
  host: ["host", "http_host", "hostname", "server_name", "vhost"],
  path: ["path", "uri", "request_uri", "url", "request"],
  status: ["status", "status_code", "statusCode", "response_status"],
  bytes: ["bytes", "body_bytes_sent", "bytes_sent", "response_bytes", "size"],
  userAgent: ["user_agent", "ua", "http_user_agent", "userAgent", "useragent", "agent"],
} as const;

function pick(o: Json, names: readonly string[]): unknown {
  for (const name of names) {
    const v = o[name];
    if (v !== undefined && v !== null && v !== "") return v;
  }
  return undefined;
}

export function createGenericJsonParser(options: ParserOptions = {}): (line: string) => ParseResult {
  const makeHit = createHitMaker(options);
  return (line) => {
    const o = parseObject(line);
    if (!o) return reject("malformed");
    const rawPath = str(pick(o, GENERIC_JSON_FIELDS.path));
    let method = str(pick(o, GENERIC_JSON_FIELDS.method));
    let path = rawPath;
    // `request` may hold the whole request line: "GET /a?b=1 HTTP/1.1".
    if (rawPath && rawPath.charCodeAt(0) !== 47 && !/^https?:\/\//i.test(rawPath)) {
      const parts = rawPath.split(" ");
      if (parts.length >= 2 && /^[A-Z]{3,12}$/.test(parts[0])) {
        method ??= parts[0];
        path = parts[1];
      }
    }
    if (pick(o, GENERIC_JSON_FIELDS.ip) === undefined && pick(o, GENERIC_JSON_FIELDS.time) === undefined) return reject("malformed");
    return makeHit(parseAnyTime(pick(o, GENERIC_JSON_FIELDS.time)),
      str(pick(o, GENERIC_JSON_FIELDS.ip)),
      method,
      cleanHost(str(pick(o, GENERIC_JSON_FIELDS.host))),
      path,
      strOrNum(pick(o, GENERIC_JSON_FIELDS.status)),
      parseBytes(strOrNum(pick(o, GENERIC_JSON_FIELDS.bytes))),
      str(pick(o, GENERIC_JSON_FIELDS.userAgent)),
    );
  };
}
