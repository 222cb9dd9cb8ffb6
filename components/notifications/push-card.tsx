"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { fetchApi } from "@/lib/queries/fetch-api";
import { pushPublicKeyQuery } from "@/lib/queries/notifications";

type State = "unsupported" | "off" | "on" | "denied" | "working";

/** Settings → Notifications: turn browser push on or off for this browser (a service worker and a push subscription). */
export function PushCard() {
  const key = useQuery(pushPublicKeyQuery());
  const [state, setState] = useState<State>("working");
  const [message, setMessage] = useState("");

  useEffect(() => {
    void (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window)) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const reg = await navigator.serviceWorker.getRegistration("/push-sw.js").catch(() => undefined);
      setState((await reg?.pushManager.getSubscription()) ? "on" : "off");
    })();
  }, []);

  async function enable(publicKey: string) {
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const reg = await navigator.serviceWorker.register("/push-sw.js");
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
      const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await fetchApi("/api/user/notifications/push/targets", { method: "POST", body: { endpoint: json.endpoint, keys: json.keys } });
      setState("on");
      setMessage("Browser notifications are on for this browser.");
    } catch (e) {
      setState("off");
      setMessage(`Could not turn them on: ${(e as Error).message}`);
    }
  }

  async function disable() {
    setState("working");
    const reg = await navigator.serviceWorker.getRegistration("/push-sw.js");
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      await fetchApi("/api/user/notifications/push/targets", { method: "DELETE", body: { endpoint: sub.endpoint } }).catch(() => {});
      await sub.unsubscribe();
    }
    setState("off");
    setMessage("Browser notifications are off for this browser.");
  }

  const publicKey = key.data?.publicKey ?? null;
  return (
    <section aria-labelledby="push-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="push-card">
      <h2 id="push-heading" className="text-base font-semibold">Browser notifications</h2>
      {key.isPending ? (
        <p className="text-sm text-slate-600">Checking…</p>
      ) : !publicKey ? (
        <p className="text-sm text-slate-600">Browser notifications are not available on this server: its administrator has not set up web push. Issue alerts still come in-app and by email.</p>
      ) : state === "unsupported" ? (
        <p className="text-sm text-slate-600">This browser cannot receive push notifications.</p>
      ) : state === "denied" ? (
        <p className="text-sm text-slate-600">Notifications are blocked for this site in your browser&apos;s settings.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">{state === "on" ? "On for this browser." : "Get issue alerts here even when IndexWatch is not open."}</p>
          {state === "on" ? (
            <Button variant="secondary" onClick={disable}>Turn off</Button>
          ) : (
            <Button onClick={() => enable(publicKey)} disabled={state === "working"}>{state === "working" ? "Working…" : "Turn on"}</Button>
          )}
        </div>
      )}
      <p role="status" aria-live="polite" className="text-sm text-slate-700 empty:hidden">{message}</p>
    </section>
  );
}

function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(s.length / 4) * 4, "=");
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
