// next-auth v4 passes these codes as ?error= to the sign-in page.
const MESSAGES: Record<string, string> = {
  EmailSignin: "We could not send the sign-in email. Check the address and try again.",
  Verification: "That sign-in link is invalid or has expired. Request a new one.",
  AccessDenied: "This account cannot sign in.",
  SessionRequired: "Please sign in to continue.",
  Configuration: "Sign-in is not available right now. Try again later.",
  SsoRequired: "Your organization signs you in with its identity provider. Enter your email and continue with single sign-on.",
  SsoFailed: "Single sign-on did not complete. Try again, or ask your organization's owner to check its SSO settings.",
  RateLimited: "Too many sign-in links were requested. Use the last link we sent, or try again later.",
};

export function signInErrorMessage(code: string | undefined | null): string | null {
  if (!code) return null;
  return MESSAGES[code] ?? "Sign-in failed. Try again.";
}
