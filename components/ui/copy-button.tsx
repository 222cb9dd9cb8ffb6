"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies `value` to the clipboard and says so in a live region. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (status !== "copied") return;
    const t = setTimeout(() => setStatus("idle"), 4000);
    return () => clearTimeout(t);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={copy}>
        {label}
      </Button>
      <span aria-live="polite" role="status" className="text-sm font-medium text-emerald-700">
        {status === "copied" ? "Copied" : status === "failed" ? <span className="text-red-700">Copy failed: select the text and copy it by hand</span> : ""}
      </span>
    </span>
  );
}
