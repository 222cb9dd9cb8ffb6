import { systemCtx } from "@/lib/core/context";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import { db, withTransaction } from "@/lib/db";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { cancelDeletionOnSignIn } from "@/lib/users/account-deletion";
import { createUserWithOrganization } from "@/lib/users/ensure-user";
import { allowSignInMail } from "@/lib/rate-limit/sign-in-mail";
import { normalizeSignInEmail } from "./normalize-sign-in-email";
import { currentRequestInfo } from "@/lib/auth/request-info";
import { magicLinkAllowed } from "./magic-link-allowed";
import { sendSignInEmail } from "./send-sign-in-email";

const adapter = PrismaAdapter(db as never);
// Where a sign-in mail refused by its limits sends the form (components/auth/sign-in-errors.ts).
export const SIGN_IN_RATE_LIMITED = "/sign-in?error=RateLimited";
export const SIGN_IN_SSO_REQUIRED = "/sign-in?error=SsoRequired";

export const authOptions: NextAuthOptions = {
  adapter: {
    ...adapter,
    // First sign-in: the user, a personal organization and the free credits, in one transaction.
    createUser: async (data: { email: string; emailVerified: Date | null }) => {
      const { user } = await withTransaction(systemCtx("next-auth"), (ctx) =>
        createUserWithOrganization(ctx, { email: data.email, emailVerified: data.emailVerified, request: currentRequestInfo() }));
      return user;
    },
  },
  session: { strategy: "database", maxAge: 30 * 24 * 3600 },
  secret: process.env.NEXTAUTH_SECRET ?? (process.env.NODE_ENV === "production" ? undefined : "development-only-secret-change-me"),
  pages: { signIn: "/sign-in", verifyRequest: "/check-email", error: "/sign-in" },
  providers: [
    EmailProvider({
      server: process.env.SMTP_URL ?? "smtp://127.0.0.1:25",
      maxAge: 24 * 3600,
      normalizeIdentifier: normalizeSignInEmail,
      sendVerificationRequest: ({ identifier, url }) => sendSignInEmail({ to: identifier, url }),
    }),
  ],
  callbacks: {
    // Accounts past their deletion date, or deactivated, cannot sign in. For an email not seen before
    // next-auth passes { id: email }, so the lookup is by email.
    async signIn({ user, email: emailStep }) {
      const email = user.email?.trim().toLowerCase();
      // Mail limits come first, so that a refusal reads the same for known and unknown addresses.
      if (emailStep?.verificationRequest && email && !(await allowSignInMail(email, currentRequestInfo().ipAddress))) return SIGN_IN_RATE_LIMITED;
      // An organization that enforces SSO for the address's domain: no email link, whoever asks.
      if (emailStep?.verificationRequest && email && !(await magicLinkAllowed(email))) return SIGN_IN_SSO_REQUIRED;
      const u = email ? await db.user.findUnique({ where: { email }, select: { id: true, isActive: true, deletionScheduledFor: true } }) : null;
      if (!u) return true;
      const refused = !u.isActive || (u.deletionScheduledFor !== null && u.deletionScheduledFor <= new Date());
      if (refused) await recordAudit({ action: "auth.login_failed", userId: u.id, success: false, request: currentRequestInfo(), metadata: { reason: u.isActive ? "deleted" : "inactive" } });
      return !refused;
    },
  },
  events: {
    async signIn({ user }) {
      const request = currentRequestInfo();
      await cancelDeletionOnSignIn(user.id, request);
      await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
      await recordAudit({ action: "auth.login", userId: user.id, request, metadata: { method: "email" } });
    },
    async signOut(message) {
      const userId = "session" in message ? (message.session as { userId?: string } | null)?.userId : undefined;
      if (userId) await recordAudit({ action: "auth.logout", userId, request: currentRequestInfo() });
    },
  },
};
