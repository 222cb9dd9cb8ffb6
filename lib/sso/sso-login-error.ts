export class SsoLoginError extends Error {
  constructor(readonly code: "not_configured" | "state" | "provider" | "token" | "email_unverified" | "domain" | "account", message: string) {
    super(message);
    this.name = "SsoLoginError";
  }
}
