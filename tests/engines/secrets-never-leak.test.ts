import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { exchangeCode } from "@/lib/engines/gsc/exchange-code";
import { inspectUrl } from "@/lib/engines/gsc/inspect-url";
import { listSites as listGscSites } from "@/lib/engines/gsc/list-sites";
import { refreshAccessToken } from "@/lib/engines/gsc/refresh-access-token";
import { getUrlInfo } from "@/lib/engines/engine-b/get-url-info";
import { listSites as listEngineBSites } from "@/lib/engines/engine-b/list-sites";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { CLOSED, setEnvForSuite } from "./helpers";

// Every failing (and succeeding) call made with a secret: the secret must not appear in anything the
// client prints, returns, or lets a caller print (JSON, util.inspect, String, the message).
const API_KEY = "b-key-SECRET-9f8e7d6c5b4a";
const CLIENT_SECRET = "gsc-client-SECRET-7a6b5c4d";
let fakeGsc: FakeGsc;
let fakeB: FakeEngineB;
let logs: string[];
const secrets = new Set<string>([API_KEY, CLIENT_SECRET]);

beforeAll(async () => {
  fakeGsc = await startFakeGsc({ clientSecret: CLIENT_SECRET, users: [{ email: "ana@example.test", sites: [{ siteUrl: "sc-domain:example.com", permissionLevel: "siteOwner" }] }] });
  fakeB = await startFakeEngineB({ keys: [{ apiKey: API_KEY, sites: [{ Url: "https://example.com/", IsVerified: true }] }] });
});
afterAll(async () => { await fakeGsc.close(); await fakeB.close(); });
setEnvForSuite(() => ({ ...fakeGsc.env(), ...fakeB.env() }));

beforeEach(() => {
  logs = [];
  for (const level of ["log", "info", "warn", "error", "debug", "trace"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logs.push(args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: null }))).join(" ")); });
  }
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => { logs.push(String(chunk)); return true; });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => { logs.push(String(chunk)); return true; });
});
afterEach(() => { vi.restoreAllMocks(); });

function expectNoSecret(outcome: unknown) {
  const views = [JSON.stringify(outcome), inspect(outcome, { depth: null, showHidden: true }), String((outcome as { message?: unknown }).message ?? ""), ...logs];
  for (const secret of secrets) {
    for (const form of [secret, encodeURIComponent(secret)]) {
      for (const view of views) expect(view.includes(form), `secret found in: ${view.slice(0, 200)}`).toBe(false);
    }
  }
}

describe("no secret leaves a client", () => {
  it("gsc: dead grant, wrong secret, reused code, bad access token, failures and nonsense", async () => {
    const { refreshToken, accessToken } = fakeGsc.issueTokens("ana@example.test");
    secrets.add(refreshToken).add(accessToken);
    const client = { clientId: fakeGsc.clientId, clientSecret: CLIENT_SECRET };

    const ok = await refreshAccessToken({ ...client, refreshToken });
    expect(ok.kind).toBe("ok");
    if (ok.kind === "ok") secrets.add(ok.value.accessToken.reveal());
    expectNoSecret(ok);

    const code = fakeGsc.mintCode({ redirectUri: "http://127.0.0.1:3000/cb" });
    secrets.add(code);
    const exchanged = await exchangeCode({ ...client, redirectUri: "http://127.0.0.1:3000/cb", code });
    expect(exchanged.kind).toBe("ok");
    if (exchanged.kind === "ok") { secrets.add(exchanged.value.accessToken.reveal()); secrets.add(exchanged.value.refreshToken!.reveal()); }
    expectNoSecret(exchanged);
    const reused = await exchangeCode({ ...client, redirectUri: "http://127.0.0.1:3000/cb", code });
    expect(reused.kind).toBe("invalid");
    expectNoSecret(reused);

    expectNoSecret(await refreshAccessToken({ ...client, clientSecret: `${CLIENT_SECRET}-wrong`, refreshToken }));
    fakeGsc.revoke(refreshToken);
    const revoked = await refreshAccessToken({ ...client, refreshToken });
    expect(revoked.kind).toBe("revoked");
    expectNoSecret(revoked);

    // An upstream that echoes what it was sent must not carry it into our message.
    fakeGsc.failNext("token", { status: 400, body: { error: "invalid_request", error_description: `bad refresh_token=${refreshToken} secret ${CLIENT_SECRET}` } });
    const echoed = await refreshAccessToken({ ...client, refreshToken });
    expect(echoed.kind).toBe("invalid");
    expectNoSecret(echoed);

    fakeGsc.failNext("sites", { status: 200, body: { siteEntry: 1 } }, { status: 401, body: { error: { code: 401, message: `token ${accessToken} is invalid`, status: "UNAUTHENTICATED" } } });
    expectNoSecret(await listGscSites({ accessToken }));
    expectNoSecret(await listGscSites({ accessToken }));
    fakeGsc.failNext("inspect", { status: 500, body: "<html>oops</html>" }, { status: 200, body: "[]" });
    expectNoSecret(await inspectUrl({ accessToken, siteUrl: "sc-domain:example.com", inspectionUrl: "https://example.com/" }));
    expectNoSecret(await inspectUrl({ accessToken, siteUrl: "sc-domain:example.com", inspectionUrl: "https://example.com/" }));

    process.env.GSC_OAUTH_TOKEN_URL = `${CLOSED}/token`;
    try { expectNoSecret(await refreshAccessToken({ ...client, refreshToken })); } finally { process.env.GSC_OAUTH_TOKEN_URL = fakeGsc.tokenUrl; }
    expect(logs.some((l) => l.includes("[engines]"))).toBe(true); // the nonsense answers were logged, without secrets
  });

  it("engine B: bad key in every style, throttling, failures, nonsense, an echoing upstream, no answer", async () => {
    const wrongKey = "b-key-WRONG-SECRET-000000";
    secrets.add(wrongKey);
    for (const status of [401, 403, 400] as const) {
      fakeB.setBadKeyStatus(status);
      expectNoSecret(await listEngineBSites(wrongKey));
    }
    fakeB.setBadKeyStatus(401);
    fakeB.throttleNext(1, "400");
    expectNoSecret(await listEngineBSites(API_KEY));
    fakeB.failNext(
      { status: 400, body: { ErrorCode: 8, Message: `InvalidParameter apikey=${API_KEY}` } },
      { status: 500, body: `Internal error for key ${API_KEY}` },
      { status: 200, body: "not json" },
      { status: 302, body: "", headers: { location: `/x?apikey=${API_KEY}` } },
    );
    for (let i = 0; i < 4; i++) expectNoSecret(await getUrlInfo(API_KEY, "https://example.com/", "https://example.com/a"));
    expect(logs.some((l) => l.includes("apikey=REDACTED"))).toBe(true);
    expectNoSecret(await getUrlInfo(API_KEY, "https://example.com/", "https://example.com/a"));

    process.env.ENGINEB_API_BASE_URL = `${CLOSED}/webmaster/api.svc/json/`;
    try { expectNoSecret(await listEngineBSites(API_KEY)); } finally { process.env.ENGINEB_API_BASE_URL = fakeB.apiBaseUrl; }
  });
});
