import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInviteButton } from "@/components/organization/accept-invite-button";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DomainError } from "@/lib/core/errors";
import { getPublicInvite } from "@/lib/invitations/get-public-invite";
import { currentUser } from "../../../(app)/session";

export const metadata: Metadata = { title: "Invitation" };

// The page an invitation mail links to: what is offered (PublicInvite), then accept when signed in, or sign in
// (or up: the email link creates the account) and come back here.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await getPublicInvite(token).catch((e) => {
    if (e instanceof DomainError && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!invite) {
    return (
      <Card>
        <h1 className="text-xl font-semibold">This invitation cannot be used</h1>
        <p className="mt-2 text-sm text-slate-600">It was already accepted, revoked or has expired (invitations last 7 days). Ask the person who invited you to send a new one.</p>
      </Card>
    );
  }
  const user = await currentUser();
  const back = `/invites/${encodeURIComponent(token)}`;
  return (
    <Card>
      <h1 className="text-xl font-semibold">Join {invite.organizationName}</h1>
      <p className="mt-2 text-sm text-slate-700">
        <strong>{invite.inviterEmail}</strong> invited you to join <strong>{invite.organizationName}</strong> on IndexWatch as {invite.role === "admin" ? "an admin" : "a member"}.
      </p>
      <p className="mt-1 text-xs text-slate-500">The invitation expires on {new Date(invite.expiresAt).toUTCString()}.</p>
      <div className="mt-6">
        {user ? (
          <AcceptInviteButton token={token} email={user.email} />
        ) : (
          <div className="space-y-2">
            <Link href={`/sign-in?callbackUrl=${encodeURIComponent(back)}`} className={buttonClasses("primary", "w-full")}>Sign in to accept</Link>
            <p className="text-xs text-slate-600">Use the address the invitation was sent to. New to IndexWatch? Signing in creates your account.</p>
          </div>
        )}
      </div>
    </Card>
  );
}
