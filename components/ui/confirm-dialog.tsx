"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DangerButton } from "@/components/ui/danger-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Modal } from "@/components/ui/modal";

/**
 * Asks before an action; Cancel has the focus. `onConfirm` may be async: while it runs the button
 * says `busyLabel`; if it throws, the API's message shows in the dialog and it stays open. `children` is the
 * dialog's accessible description; `options` (choices that shape the action) follow it without being read as part of it.
 */
export function ConfirmDialog({
  title, children, options, confirmLabel, busyLabel = "Working…", danger = false, onConfirm, onClose,
}: {
  title: string; children: ReactNode; options?: ReactNode; confirmLabel: string; busyLabel?: string; danger?: boolean;
  onConfirm: () => unknown | Promise<unknown>; onClose: () => void;
}) {
  const descriptionId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const Confirm = danger ? DangerButton : Button;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose} describedBy={descriptionId}>
      <div className="space-y-4">
        {error !== null && <ErrorAlert error={error} />}
        <div id={descriptionId} className="text-sm text-slate-700">{children}</div>
        {options && <div className="text-sm text-slate-700">{options}</div>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Confirm onClick={confirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Confirm>
        </div>
      </div>
    </Modal>
  );
}
