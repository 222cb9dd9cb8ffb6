"use client";

import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerButton } from "@/components/ui/danger-button";
import { useRefreshConnections } from "./use-refresh-connections";

/** "Disconnect …" and its confirmation (`children` says what is forgotten); refreshes the connections afterwards. */
export function DisconnectButton({ orgId, projectId, label, title, disconnect, children }: {
  orgId: string; projectId: string; label: string; title: string; disconnect: () => Promise<unknown>; children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const refresh = useRefreshConnections(orgId, projectId);
  return (
    <>
      <DangerButton look="subtle" className="border border-red-200" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </DangerButton>
      {open && (
        <ConfirmDialog
          title={title}
          confirmLabel="Disconnect"
          busyLabel="Disconnecting…"
          danger
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            await disconnect();
            setOpen(false);
            await refresh();
          }}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
