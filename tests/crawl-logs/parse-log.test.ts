import { describe, expect, it } from "vitest";
import { createLineParser, detectLogFormat, MAX_LINE_CHARS } from "@/lib/crawl-logs/read/parse-log";
import type { LogFormat, LogHit, ParseResult } from "@/lib/crawl-logs/types";

const now = () => new Date("2026-11-25T12:00:00Z");

function parseAll(format: LogFormat, lines: string[]): Array<ParseResult | null> {
  const parse = createLineParser(format, { now });
  return lines.map((line) => parse(line));
}

function hit(result: ParseResult | null): LogHit {
  if (!result || !result.ok) throw new Error(`expected a hit, got ${JSON.stringify(result)}`);
  return result.hit;
}

// Apache's documentation (mod_log_config, "Common Log Format" and "Combined Log Format").
const APACHE_COMMON = '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326';
const APACHE_COMBINED = `${APACHE_COMMON} "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"`;
// nginx's default `combined` format; a Googlebot smartphone hit as it appears in real logs.
const NGINX_COMBINED =
  '66.249.66.1 - - [25/Nov/2026:10:15:32 +0100] "GET /products/tent-2p?color=green HTTP/1.1" 200 18734 "-" "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"';

describe("NCSA common and combined", () => {
  it("with reuse, answers every line with the same result object, overwritten by the next line", () => {
    const parse = createLineParser("ncsa_combined", { now, reuse: true });
    const first = parse(NGINX_COMBINED);
    const snapshot = JSON.parse(JSON.stringify(first));
    const second = parse(APACHE_COMBINED);
    expect(second).toBe(first);
    expect(hit(second)).toMatchObject({ ip: "127.0.0.1", path: "/apache_pb.gif", time: new Date("2000-10-10T20:55:36Z") });
    expect(snapshot).toEqual(JSON.parse(JSON.stringify(createLineParser("ncsa_combined", { now })(NGINX_COMBINED))));
    expect(parse("garbage")).toEqual({ ok: false, reason: "malformed" });
  });

  it("reads Apache's documented common and combined examples", () => {
    expect(hit(parseAll("ncsa_common", [APACHE_COMMON])[0])).toEqual({
      time: new Date("2000-10-10T20:55:36Z"),
      ip: "127.0.0.1",
      method: "GET",
      host: null,
      path: "/apache_pb.gif",
      status: 200,
      bytes: 2326,
      userAgent: null,
    });
    expect(hit(parseAll("ncsa_combined", [APACHE_COMBINED])[0])).toMatchObject({ path: "/apache_pb.gif", userAgent: "Mozilla/4.08 [en] (Win98; I ;Nav)" });
  });

  it("reads nginx combined with its time zone, query string and agent", () => {
    expect(hit(parseAll("ncsa_combined", [NGINX_COMBINED])[0])).toMatchObject({
      time: new Date("2026-11-25T09:15:32Z"),
      ip: "66.249.66.1",
      path: "/products/tent-2p?color=green",
      status: 200,
      bytes: 18734,
      userAgent: expect.stringContaining("Googlebot/2.1"),
    });
  });

  it("reads a leading virtual host (nginx $host, Apache %v and vhost_combined host:port) and ignores timing fields", () => {
    const [nginxHost, vhostCombined, timing] = parseAll("ncsa_combined", [
      'www.Example.com 2001:db8::17 - - [25/Nov/2026:10:00:00 +0000] "GET / HTTP/2.0" 301 162 "-" "curl/8.5.0"',
      'shop.example.com:443 157.55.39.1 - - [25/Nov/2026:10:00:01 +0000] "GET /robots.txt HTTP/1.1" 200 68 "-" "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"',
      '203.0.113.9 - - [25/Nov/2026:10:00:02 +0000] "POST /cart HTTP/1.1" 502 0 "https://shop.example.com/" "Mozilla/5.0" 0.512 0.510 "-" upstream=10.0.0.4:8080',
    ]);
    expect(hit(nginxHost)).toMatchObject({ host: "www.example.com", ip: "2001:db8::17", status: 301 });
    expect(hit(vhostCombined)).toMatchObject({ host: "shop.example.com", ip: "157.55.39.1", path: "/robots.txt" });
    expect(hit(timing)).toMatchObject({ method: "POST", status: 502, bytes: 0, userAgent: "Mozilla/5.0" });
  });

  it("keeps an absolute-form target, '-' bytes and escaped quotes in the agent", () => {
    const [absolute, escaped] = parseAll("ncsa_combined", [
      '198.51.100.4 - - [25/Nov/2026:10:00:00 +0000] "GET http://shop.example.com/a HTTP/1.1" 304 - "-" "-"',
      '198.51.100.5 - - [25/Nov/2026:10:00:00 +0000] "GET /q?s=\\"x\\" HTTP/1.1" 200 10 "-" "Bot \\"quoted\\" 1.0"',
    ]);
    expect(hit(absolute)).toMatchObject({ path: "http://shop.example.com/a", bytes: null, userAgent: null, status: 304 });
    expect(hit(escaped)).toMatchObject({ path: '/q?s=\\"x\\"', userAgent: 'Bot \\"quoted\\" 1.0' });
  });

  it("rejects a request line that is not a request (400s of TLS bytes, '-')", () => {
    const results = parseAll("ncsa_combined", [
      '192.0.2.1 - - [25/Nov/2026:10:00:00 +0000] "-" 408 0 "-" "-"',
      '192.0.2.1 - - [25/Nov/2026:10:00:00 +0000] "\\x16\\x03\\x01\\x02\\x00\\x01" 400 157 "-" "-"',
    ]);
    expect(results).toEqual([{ ok: false, reason: "no_request" }, { ok: false, reason: "no_request" }]);
  });
});

describe("W3C extended", () => {
  it("reads IIS with its #Fields directive and '+' for spaces (Microsoft's documented example)", () => {
    const results = parseAll("w3c", [
      "#Software: Microsoft Internet Information Services 6.0",
      "#Version: 1.0",
      "#Date: 2002-05-02 17:42:15",
      "#Fields: date time c-ip cs-username s-ip s-port cs-method cs-uri-stem cs-uri-query sc-status cs(User-Agent)",
      "2002-05-02 17:42:15 172.22.255.255 - 172.30.255.255 80 GET /images/picture.jpg - 200 Mozilla/4.0+(compatible;MSIE+5.5;+Windows+2000+Server)",
    ]);
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(hit(results[4])).toEqual({
      time: new Date("2002-05-02T17:42:15Z"),
      ip: "172.22.255.255",
      method: "GET",
      host: null,
      path: "/images/picture.jpg",
      status: 200,
      bytes: null,
      userAgent: "Mozilla/4.0 (compatible;MSIE 5.5; Windows 2000 Server)",
    });
  });

  it("reads IIS's default field list with a query, even without a #Fields line", () => {
    const line =
      "2026-11-25 08:00:01 10.0.0.5 GET /default.aspx id=7 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) - 200 0 0 46";
    expect(hit(parseAll("w3c", [line])[0])).toMatchObject({ ip: "66.249.66.1", path: "/default.aspx?id=7", status: 200, userAgent: expect.stringContaining("Googlebot/2.1") });
  });

  it("reads CloudFront standard logs: tabs, URL-encoded agent, the viewer's Host header (AWS's documented example)", () => {
    const results = parseAll("w3c", [
      "#Version: 1.0",
      "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end",
      [
        "2019-12-04", "21:02:31", "LAX1", "392", "192.0.2.100", "GET", "d111111abcdef8.cloudfront.net", "/index.html", "200", "-",
        "Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36",
        "-", "-", "Hit", "SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==", "www.example.com", "https", "23", "0.001", "-", "TLSv1.2",
        "ECDHE-RSA-AES128-GCM-SHA256", "Hit", "HTTP/2.0", "-", "-", "11040", "0.001", "Hit", "text/html", "78", "-", "-",
      ].join("\t"),
    ]);
    expect(hit(results[2])).toEqual({
      time: new Date("2019-12-04T21:02:31Z"),
      ip: "192.0.2.100",
      method: "GET",
      host: "www.example.com",
      path: "/index.html",
      status: 200,
      bytes: 392,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36",
    });
  });

  it("rejects a line that lacks the declared columns", () => {
    const [, short] = parseAll("w3c", ["#Fields: date time c-ip cs-method cs-uri-stem sc-status", "2026-11-25 10:00:00"]);
    expect(short).toEqual({ ok: false, reason: "no_fields" });
  });
});

describe("JSON lines", () => {
  it("reads Cloudflare Logpush http_requests records with nanosecond, RFC 3339 and second timestamps", () => {
    const results = parseAll("cloudflare_json", [
      // Cloudflare's documented Logpull/Logpush sample record.
      '{"ClientIP":"89.163.242.206","ClientRequestHost":"www.theburritobot.com","ClientRequestMethod":"GET","ClientRequestURI":"/static/img/testimonial-hipster.png","EdgeEndTimestamp":1506702504433000200,"EdgeResponseBytes":69045,"EdgeResponseStatus":200,"EdgeStartTimestamp":1506702504017000200,"RayID":"3a6050bcbe121a87"}',
      '{"ClientIP":"2a03:2880:f800::1","ClientRequestHost":"Shop.Example.com:443","ClientRequestMethod":"GET","ClientRequestURI":"/a?b=1","ClientRequestUserAgent":"meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)","EdgeResponseStatus":403,"EdgeResponseBytes":0,"EdgeStartTimestamp":"2026-11-25T09:59:58Z"}',
      '{"ClientIP":"66.249.66.1","ClientRequestHost":"shop.example.com","ClientRequestMethod":"GET","ClientRequestURI":"/","ClientRequestUserAgent":"Googlebot/2.1 (+http://www.google.com/bot.html)","EdgeResponseStatus":200,"EdgeResponseBytes":1200,"EdgeStartTimestamp":1764064800}',
    ]);
    expect(hit(results[0])).toEqual({
      time: new Date(1506702504017),
      ip: "89.163.242.206",
      method: "GET",
      host: "www.theburritobot.com",
      path: "/static/img/testimonial-hipster.png",
      status: 200,
      bytes: 69045,
      userAgent: null,
    });
    expect(hit(results[1])).toMatchObject({ ip: "2a03:2880:f800::1", host: "shop.example.com", status: 403, time: new Date("2026-11-25T09:59:58Z") });
    expect(hit(results[2])).toMatchObject({ time: new Date(1764064800_000), userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
  });

  it("reads the generic mapping's names, including a whole request line and nginx's JSON log names", () => {
    const results = parseAll("json_generic", [
      '{"time":"2026-11-25T10:00:00+01:00","remote_addr":"203.0.113.7","request":"GET /a?b=1 HTTP/1.1","status":"200","body_bytes_sent":"512","http_user_agent":"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)","http_host":"shop.example.com"}',
      '{"@timestamp":"2026-11-25T10:00:00.250Z","client_ip":"203.0.113.8","method":"HEAD","path":"/x","status":404,"bytes":0,"user_agent":"curl/8.5.0","host":"a.example.com"}',
      '{"timestamp":1764064800123,"ip":"203.0.113.9","uri":"/y","status":200,"ua":"Mozilla/5.0"}',
    ]);
    expect(hit(results[0])).toEqual({
      time: new Date("2026-11-25T09:00:00Z"),
      ip: "203.0.113.7",
      method: "GET",
      host: "shop.example.com",
      path: "/a?b=1",
      status: 200,
      bytes: 512,
      userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    });
    expect(hit(results[1])).toMatchObject({ time: new Date("2026-11-25T10:00:00.250Z"), method: "HEAD", status: 404, host: "a.example.com" });
    expect(hit(results[2])).toMatchObject({ time: new Date(1764064800123), method: null, path: "/y" });
  });
});

describe("detectLogFormat", () => {
  const repeat = (line: string, n = 5) => Array.from({ length: n }, () => line);

  it("picks each format from its own lines", () => {
    expect(detectLogFormat(repeat(NGINX_COMBINED), { now })).toBe("ncsa_combined");
    expect(detectLogFormat(repeat(APACHE_COMMON), { now })).toBe("ncsa_common");
    expect(detectLogFormat(["#Version: 1.0", "#Fields: date time c-ip cs-method cs-uri-stem sc-status cs(User-Agent)", ...repeat("2026-11-25 10:00:00 192.0.2.1 GET / 200 Mozilla/5.0")], { now })).toBe("w3c");
    expect(detectLogFormat(repeat('{"ClientIP":"192.0.2.1","ClientRequestURI":"/","EdgeStartTimestamp":"2026-11-25T10:00:00Z","EdgeResponseStatus":200}'), { now })).toBe("cloudflare_json");
    expect(detectLogFormat(repeat('{"time":"2026-11-25T10:00:00Z","ip":"192.0.2.1","path":"/","status":200}'), { now })).toBe("json_generic");
  });

  it("goes by the majority: a few broken lines do not change the answer", () => {
    expect(detectLogFormat([...repeat(NGINX_COMBINED, 8), "garbage", '{"not":"a log"}'], { now })).toBe("ncsa_combined");
  });

  it("answers null for what is no log (CSV, prose, binary, an empty file)", () => {
    expect(detectLogFormat(["url,status", "https://a.example/,200", "https://b.example/,404"], { now })).toBeNull();
    expect(detectLogFormat(["Dear customer,", "please find attached our logs."], { now })).toBeNull();
    expect(detectLogFormat(["\u0000\u0001\u0002PK\u0003\u0004"], { now })).toBeNull();
    expect(detectLogFormat([], { now })).toBeNull();
  });

  it("a file read with the wrong format is rejected line by line, not misread", () => {
    const asW3c = parseAll("w3c", repeat(NGINX_COMBINED, 3));
    const asJson = parseAll("json_generic", repeat(APACHE_COMBINED, 3));
    const asCommon = parseAll("ncsa_combined", ["2026-11-25 10:00:00 192.0.2.1 GET / 200 Mozilla/5.0"]);
    for (const r of [...asW3c, ...asJson, ...asCommon]) expect(r).toMatchObject({ ok: false });
  });
});

describe("hostile lines", () => {
  const parse = (line: string, format: LogFormat = "ncsa_combined") => createLineParser(format, { now })(line);

  it("rejects lines over 16 KiB without scanning them, whatever the format", () => {
    const huge = `${NGINX_COMBINED.slice(0, 60)}${"A".repeat(1024 * 1024)}`;
    for (const format of ["ncsa_combined", "ncsa_common", "w3c", "cloudflare_json", "json_generic"] as const) {
      expect(parse(huge, format)).toEqual({ ok: false, reason: "line_too_long" });
    }
    expect(parse("x".repeat(MAX_LINE_CHARS + 1))).toEqual({ ok: false, reason: "line_too_long" });
    const started = performance.now();
    for (let i = 0; i < 100; i++) parse(huge);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("rejects NUL bytes; survives replacement characters from invalid UTF-8", () => {
    expect(parse(NGINX_COMBINED.replace("Mozilla", "Moz\u0000illa"))).toEqual({ ok: false, reason: "nul_byte" });
    const replaced = hit(parse(NGINX_COMBINED.replace("/products", "/pr\uFFFD\uFFFDducts")));
    expect(replaced.path).toBe("/pr\uFFFD\uFFFDducts/tent-2p?color=green");
  });

  it("rejects truncated lines at every length instead of throwing", () => {
    for (let n = 0; n < NGINX_COMBINED.length; n++) {
      const result = parse(NGINX_COMBINED.slice(0, n));
      if (result !== null) expect(result.ok).toBe(false);
    }
    const json = '{"ClientIP":"192.0.2.1","ClientRequestURI":"/","EdgeStartTimestamp":"2026-11-25T10:00:00Z"}';
    for (let n = 1; n < json.length; n++) expect(parse(json.slice(0, n), "cloudflare_json")).toMatchObject({ ok: false });
  });

  it("rejects absurd dates, status codes and addresses with their own reasons", () => {
    const line = (time: string, status: string, ip = "192.0.2.1") => `${ip} - - [${time}] "GET / HTTP/1.1" ${status} 1 "-" "x"`;
    expect(parse(line("25/Nov/2026:10:00:00 +0000", "999"))).toEqual({ ok: false, reason: "bad_status" });
    expect(parse(line("25/Nov/2026:10:00:00 +0000", "20"))).toEqual({ ok: false, reason: "bad_status" });
    expect(parse(line("31/Feb/2026:10:00:00 +0000", "200"))).toEqual({ ok: false, reason: "bad_time" });
    expect(parse(line("25/Nov/1970:10:00:00 +0000", "200"))).toEqual({ ok: false, reason: "bad_time" });
    expect(parse(line("25/Nov/2099:10:00:00 +0000", "200"))).toEqual({ ok: false, reason: "bad_time" });
    expect(parse(line("25/Xyz/2026:10:00:00 +0000", "200"))).toEqual({ ok: false, reason: "bad_time" });
    expect(parse(line("25/Nov/2026:10:00:00 +0000", "200", "999.1.1.1"))).toEqual({ ok: false, reason: "bad_ip" });
    expect(parse(line("25/Nov/2026:10:00:00 +0000", "200", "attacker.example"))).toEqual({ ok: false, reason: "bad_ip" });
    expect(parse('{"ClientIP":"192.0.2.1","ClientRequestURI":"/","EdgeStartTimestamp":99999999999999999999999,"EdgeResponseStatus":200}', "cloudflare_json")).toMatchObject({ ok: false, reason: "bad_time" });
    expect(parse('{"ClientIP":"192.0.2.1","ClientRequestURI":"/","EdgeStartTimestamp":"2026-11-25T10:00:00Z","EdgeResponseStatus":"OK"}', "cloudflare_json")).toEqual({ ok: false, reason: "bad_status" });
  });

  it("JSON that is not an object, or nests instead of naming fields, is malformed", () => {
    for (const line of ["[1,2,3]", "null", '"x"', "{", '{"a":{"b":1}}']) expect(parse(line, "json_generic")).toEqual({ ok: false, reason: "malformed" });
  });

  it("skips blank lines and CRLF endings", () => {
    expect(parse("")).toBeNull();
    expect(parse("   \t ")).toBeNull();
    expect(hit(parse(`${NGINX_COMBINED}\r`)).userAgent).toContain("Googlebot");
  });
});
