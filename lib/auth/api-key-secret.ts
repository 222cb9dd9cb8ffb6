import crypto from "node:crypto";

// A recognizable prefix plus 32 random bytes (256 bits). Keys are high-entropy, so a fast SHA-256
// is the right hash: it allows an indexed lookup and cannot be brute-forced.
export const API_KEY_PREFIX = "iwk_";
const START_LENGTH = API_KEY_PREFIX.length + 6;

export function generateApiKey(): { key: string; hash: string; start: string } {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { key, hash: hashApiKey(key), start: key.slice(0, START_LENGTH) };
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key, "utf8").digest("hex");
}
