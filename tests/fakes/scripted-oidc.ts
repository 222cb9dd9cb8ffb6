// An OpenID provider whose ID tokens the test writes claim by claim (signed RS256 with the key its JWKS
// publishes), to prove that the relying party refuses a token for another audience, from another issuer, with
// another nonce or expired. Discovery, JWKS, authorization (redirects straight back with a code) and token
// endpoints, as OpenID Connect Core and Discovery describe them. For the happy path use oidc-provider.ts.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedClaims = (defaults: Record<string, unknown>) => Record<string, unknown>;

export type ScriptedOidc = {
  issuer: string;
  port: number;
  /** How the next ID token's claims differ from a valid one. */
  nextClaims(script: ScriptedClaims): void;
  /** Follows the authorization URL: answers the redirect back to the relying party (with code and state). */
  authorize(url: string): string;
  close(): Promise<void>;
};

const b64url = (v: Buffer | string) => Buffer.from(v).toString("base64url");

export async function startScriptedOidc(opts: { host: string; clientId: string; email: string }): Promise<ScriptedOidc> {
  const issuer = `http://${opts.host}`;
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const nonces = new Map<string, string>(); // code → nonce of its authorization request
  let script: ScriptedClaims = (c) => c;

  const sign = (claims: Record<string, unknown>) => {
    const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const body = b64url(JSON.stringify(claims));
    return `${head}.${body}.${b64url(crypto.sign("RSA-SHA256", Buffer.from(`${head}.${body}`), privateKey))}`;
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"], subject_types_supported: ["public"], id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"], token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(res, 200, { keys: [jwk] });
    if (url.pathname === "/token" && req.method === "POST") {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c));
      req.on("end", () => {
        const code = new URLSearchParams(raw).get("code") ?? "";
        const nonce = nonces.get(code);
        if (nonce === undefined) return json(res, 400, { error: "invalid_grant" });
        nonces.delete(code);
        const now = Math.floor(Date.now() / 1000);
        const claims = script({ iss: issuer, aud: opts.clientId, sub: "user-1", nonce, iat: now, exp: now + 300, email: opts.email, email_verified: true });
        json(res, 200, { access_token: crypto.randomBytes(16).toString("hex"), token_type: "Bearer", expires_in: 300, id_token: sign(claims) });
      });
      return;
    }
    json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    issuer, port: (server.address() as AddressInfo).port,
    nextClaims(s) {
      script = s;
    },
    authorize(authUrl) {
      const q = new URL(authUrl).searchParams;
      const code = crypto.randomBytes(12).toString("hex");
      nonces.set(code, q.get("nonce") ?? "");
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return back.href;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
