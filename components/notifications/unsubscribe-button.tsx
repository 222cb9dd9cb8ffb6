"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

export function UnsubscribeButton({ token }: { token: string }) {
  const [state, setState] = useState<"idle" | "pending" | "done" | "failed">("idle");
  async function go() {
    setState("pending");
    const res = await fetch(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" }).catch(() => null);
    setState(res?.ok ? "done" : "failed");
  }
  return (
    <div className="mt-4 space-y-2">
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{state === "done" ? "Done: you will get no more product news." : ""}</p>
      {state === "failed" && <p role="alert" className="text-sm text-red-800">That did not work. Try again, or change it in Settings → Notifications.</p>}
      {state !== "done" && <Button onClick={go} disabled={state === "pending"}>{state === "pending" ? "Unsubscribing…" : "Unsubscribe"}</Button>}
    </div>
  );
}
