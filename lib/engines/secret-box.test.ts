import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isSecretBox, SecretBoxError } from "./secret-box";

const KEY = "a1".repeat(32);
const OTHER = "b2".repeat(32);
const SECRET = "1//0refresh-token-value";

const flip = (b64: string, at = 0) => { const b = Buffer.from(b64, "base64url"); b[at] ^= 1; return b.toString("base64url"); };

describe("secret box", () => {
  it("round-trips, with a fresh IV each time, and never contains the plaintext", () => {
    const a = encryptSecret(SECRET, { keyHex: KEY });
    const b = encryptSecret(SECRET, { keyHex: KEY });
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.")).toBe(true);
    expect(isSecretBox(a)).toBe(true);
    expect(a).not.toContain(SECRET);
    expect(decryptSecret(a, { keyHex: KEY })).toBe(SECRET);
  });

  it("reads ENCRYPTION_KEY by default and refuses a key that is not 64 hex characters", () => {
    const box = encryptSecret("x");
    expect(decryptSecret(box)).toBe("x");
    expect(() => encryptSecret("x", { keyHex: "abc" })).toThrow(SecretBoxError);
  });

  it("fails on tampered ciphertext, IV or tag, and under a wrong key", () => {
    const box = encryptSecret(SECRET, { keyHex: KEY });
    const [v, iv, tag, ct] = box.split(".");
    for (const bad of [[v, iv, tag, flip(ct)], [v, flip(iv), tag, ct], [v, iv, flip(tag, 15), ct]].map((p) => p.join("."))) {
      expect(() => decryptSecret(bad, { keyHex: KEY })).toThrow(SecretBoxError);
    }
    expect(() => decryptSecret(box, { keyHex: OTHER })).toThrow("Secret could not be decrypted");
  });

  it("rejects a truncated (4-byte) tag instead of accepting a forgeable one", () => {
    const [v, iv, tag, ct] = encryptSecret(SECRET, { keyHex: KEY }).split(".");
    const short = Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url");
    expect(() => decryptSecret([v, iv, short, ct].join("."), { keyHex: KEY })).toThrow(SecretBoxError);
  });

  it("binds to its context when given one", () => {
    const box = encryptSecret(SECRET, { keyHex: KEY, aad: "project-1" });
    expect(decryptSecret(box, { keyHex: KEY, aad: "project-1" })).toBe(SECRET);
    expect(() => decryptSecret(box, { keyHex: KEY, aad: "project-2" })).toThrow(SecretBoxError);
    expect(() => decryptSecret(box, { keyHex: KEY })).toThrow(SecretBoxError);
  });

  it("rejects other versions and shapes without echoing the input", () => {
    for (const bad of ["", "v2.a.b.c", "v1.a.b", SECRET]) {
      try { decryptSecret(bad, { keyHex: KEY }); expect.unreachable(); } catch (e) {
        expect(e).toBeInstanceOf(SecretBoxError);
        if (bad) expect((e as Error).message).not.toContain(bad);
      }
    }
  });
});
