import { describe, expect, it } from "vitest";
import type { SafeFetchError, SafeFetchErrorKind } from "@/lib/net/safe-fetch";
import { describeFailure } from "./describe-failure";

const error = (kind: SafeFetchErrorKind, message: string, hops = 0): SafeFetchError => ({
  kind,
  message,
  url: "https://shop.example/b",
  hops: Array.from({ length: hops }, (_, i) => ({ url: `https://shop.example/${i}`, status: 301 })),
});

describe("describeFailure", () => {
  const cases: [SafeFetchError, string][] = [
    [error("dns", "DNS lookup of shop.example failed (ENOTFOUND)"), "dns: NXDOMAIN"],
    [error("dns", "DNS lookup of shop.example failed (ESERVFAIL)"), "dns: SERVFAIL"],
    [error("dns", "DNS lookup of shop.example failed (ETIMEOUT)"), "dns: TIMEOUT"],
    [error("dns", "DNS lookup of shop.example failed (ENODATA)"), "dns: NODATA"],
    [error("dns", "DNS lookup of shop.example failed (EAI_AGAIN)"), "dns: TEMPORARY_FAILURE"],
    [error("dns", "DNS lookup of shop.example failed (EWHATEVER)"), "dns: EWHATEVER"],
    [error("tls", "certificate has expired (CERT_HAS_EXPIRED)"), "tls: certificate has expired"],
    [error("tls", "self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)"), "tls: self-signed certificate"],
    [error("connection", "connect ECONNREFUSED 127.0.0.1:8443"), "connection: ECONNREFUSED"],
    [error("connection", "read ECONNRESET"), "connection: ECONNRESET"],
    [error("connection", "other side closed (UND_ERR_SOCKET)"), "connection: UND_ERR_SOCKET"],
    [error("timeout", "no complete answer within 20000 ms"), "timeout: no complete answer within 20000 ms"],
    [error("blocked", "shop.example resolves to 10.0.0.1: private IPv4 address"), "blocked: shop.example resolves to 10.0.0.1: private IPv4 address"],
    [error("redirect_loop", "redirect back to https://shop.example/b", 2), "redirect: loop at https://shop.example/b"],
    [error("too_many_redirects", "more than 10 redirects", 11), "redirect: more than 10 hops"],
    [error("invalid_url", 'bad Location "http://["', 1), 'redirect: bad Location "http://["'],
    [error("http_protocol", "Parse Error: Invalid header value char"), "http: Parse Error: Invalid header value char"],
  ];
  it.each(cases)("%j → %s", (input, expected) => {
    expect(describeFailure(input)).toBe(expected);
  });

  it("caps long messages", () => {
    expect(describeFailure(error("tls", "x".repeat(5000))).length).toBeLessThanOrEqual(500);
  });
});
