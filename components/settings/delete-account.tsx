"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteMyAccount, type DeletionScheduled } from "@/lib/queries/account";
import { buttonClasses } from "@/components/ui/button";
import { DangerButton } from "@/components/ui/danger-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate, formatDateTime } from "@/components/ui/format";

/** The danger zone: typing the email exactly enables the button (SPEC.md: the confirmation is a client-side gate). */
export function DeleteAccountSection({ email, onScheduled }: { email: string; onScheduled: (result: DeletionScheduled) => void }) {
  const [typed, setTyped] = useState("");
  const remove = useMutation({ mutationFn: deleteMyAccount, onSuccess: onScheduled });
  const confirmed = typed === email;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) remove.mutate();
  }

  return (
    <section aria-labelledby="delete-account-heading" className="rounded-lg border border-red-300 bg-white p-6 shadow-sm">
      <h2 id="delete-account-heading" className="text-base font-semibold text-red-800">
        Delete account
      </h2>
      <div className="mt-1 max-w-prose space-y-2 text-sm text-slate-700">
        <p>
          Deleting signs you out on every device and revokes all your API keys at once. Your account and the organizations only you belong to are
          deleted permanently 30 days later; signing in again before then cancels the deletion.
        </p>
      </div>
      <form onSubmit={submit} className="mt-4 max-w-md space-y-3">
        {remove.isError && <ErrorAlert error={remove.error} />}
        <div className="space-y-1">
          <label htmlFor="confirm-email" className="block text-sm font-medium text-slate-800">
            Type your email <strong className="wrap-anywhere font-mono font-normal">{email}</strong> to confirm
          </label>
          <input
            id="confirm-email"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby="confirm-email-hint"
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          />
          <p id="confirm-email-hint" className="text-xs text-slate-600">
            The button turns on when the email matches exactly.
          </p>
        </div>
        <DangerButton type="submit" disabled={!confirmed || remove.isPending}>
          {remove.isPending ? "Deleting…" : "Delete my account"}
        </DangerButton>
      </form>
    </section>
  );
}

/** Shown once the deletion is scheduled; the session is gone, so everything else on the page would answer 401. */
export function DeletionScheduledNotice({ result }: { result: DeletionScheduled }) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    queryClient.clear();
    headingRef.current?.focus();
  }, [queryClient]);

  return (
    <section aria-labelledby="deletion-scheduled-heading" className="rounded-lg border-2 border-amber-300 bg-amber-50 p-6" data-testid="deletion-scheduled">
      <h2 id="deletion-scheduled-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-950">
        Your account is scheduled for deletion
      </h2>
      <p className="mt-2 text-sm text-amber-950">
        It will be deleted permanently on{" "}
        <strong>
          <time dateTime={result.deletionScheduledFor} title={formatDateTime(result.deletionScheduledFor)} data-testid="deletion-date">
            {formatDate(result.deletionScheduledFor)}
          </time>
        </strong>
        . Signing in again within 30 days, before that date, cancels the deletion.
      </p>
      <p className="mt-2 text-sm text-amber-950">You have been signed out on every device and your API keys no longer work.</p>
      {/* A full page load: the session is gone and the app's layout sends signed-out visitors to sign-in. */}
      <a href="/sign-in" className={buttonClasses("primary", "mt-4")}>
        Go to sign-in
      </a>
    </section>
  );
}
