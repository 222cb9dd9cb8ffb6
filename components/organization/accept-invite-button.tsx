"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { fetchApi } from "@/lib/queries/fetch-api";
import { selectOrganization } from "@/app/(app)/actions";

/** Accepts as the signed-in person, switches to the organization and opens its projects. */
export function AcceptInviteButton({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function accept() {
    setPending(true);
    setError(null);
    try {
      const r = await fetchApi<{ organizationId: string }>(`/api/invites/${encodeURIComponent(token)}/accept`, { method: "POST" });
      await selectOrganization(r.organizationId);
      router.push("/projects");
            router.refresh();
    } catch (e) {
      setError(e);
      setPending(false);
    }
  }
  return (
    <div className="space-y-3">
      {error !== null && <ErrorAlert error={error} />}
      <Button onClick={accept} disabled={pending} className="w-full">{pending ? "Joining…" : "Accept invitation"}</Button>
      <p className="text-xs text-slate-600">Signed in as {email}.</p>
    </div>
  );
}
