// next-auth (database strategy) keeps the session token in this cookie; the secure name is used on https.
export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export function sessionTokenFromCookie(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  const jar = new Map<string, string>();
  for (const part of cookieHeader.split(";")) {
    const i = part.indexOf("=");
    if (i > 0) jar.set(part.slice(0, i).trim(), decodeCookieValue(part.slice(i + 1).trim()));
  }
  for (const name of SESSION_COOKIES) if (jar.get(name)) return jar.get(name);
  return undefined;
}

/** A value that does not decode, or decodes to a NUL (which PostgreSQL refuses), is no token: "" (ignored). */
function decodeCookieValue(value: string): string {
  try {
    const decoded = decodeURIComponent(value);
    return decoded.includes("\u0000") ? "" : decoded;
  } catch {
    return "";
  }
}
