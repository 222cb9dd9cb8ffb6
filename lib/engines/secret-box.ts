import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Format: "v1.<iv>.<tag>.<ciphertext>", each part base64url. AES-256-GCM, 96-bit IV, 128-bit tag.
// The version prefix leaves room for a new algorithm or key id without guessing at old rows.
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) { super(message); this.name = "SecretBoxError"; }
}

type Options = { /** Binds the box to a context (e.g. a project id): opening it under another fails. */ aad?: string; keyHex?: string };

export function encryptSecret(plaintext: string, options: Options = {}): string {
  const key = readKey(options.keyHex);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (options.aad !== undefined) cipher.setAAD(Buffer.from(options.aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** Opens a box made by `encryptSecret`; throws SecretBoxError (never echoing the box) when it cannot. */
export function decryptSecret(box: string, options: Options = {}): string {
  const parts = typeof box === "string" ? box.split(".") : [];
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("Unsupported secret format");
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
  // Node accepts shorter GCM tags unless told the length: a 4-byte tag would be forgeable.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("Malformed secret");
  const key = readKey(options.keyHex);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    if (options.aad !== undefined) decipher.setAAD(Buffer.from(options.aad, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("Secret could not be decrypted");
  }
}

export function isSecretBox(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(`${VERSION}.`) && value.split(".").length === 4;
}

function readKey(keyHex = process.env.ENCRYPTION_KEY): Buffer {
  if (!keyHex || !/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new SecretBoxError("ENCRYPTION_KEY must be 64 hex characters");
  return Buffer.from(keyHex, "hex");
}
