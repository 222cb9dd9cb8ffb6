"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { postAuthAction } from "./next-auth-client";

export function SignOutButton() {
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      const url = await postAuthAction("signout", { callbackUrl: "/sign-in" });
      window.location.assign(url.toString());
    } catch {
      // The session cookie may already be gone; a full reload lets the layout decide.
      window.location.assign(new URL("/sign-in", window.location.origin).href);
    }
  }

  return (
    <Button variant="secondary" onClick={signOut} disabled={pending}>
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
