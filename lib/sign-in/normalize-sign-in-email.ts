import { z } from "zod";

// The sign-in form's address becomes the mail's To header, which nodemailer reads as an address list, and the
// account's email. next-auth's own normalizer keeps commas, group syntax (`name:addr;`), spaces and line breaks in
// the local part, so such an address could send the link elsewhere and create an account of that text.
const plainAddress = z.email().max(320);

/** One plain address in lower case (NFKC, trimmed, as next-auth does); anything else throws (next-auth answers EmailSignin). */
export function normalizeSignInEmail(identifier: unknown): string {
  const email = String(identifier ?? "").normalize("NFKC").trim().toLowerCase();
  if (!plainAddress.safeParse(email).success) throw new Error("Invalid email address format.");
  return email;
}
