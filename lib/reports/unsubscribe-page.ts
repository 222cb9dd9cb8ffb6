import type { UnsubscribeTarget } from "./unsubscribe-from-reports";
import { unlinkable } from "@/lib/mail/unlinkable";
import { escapeHtml as esc } from "@/lib/mail/escape-html";

// The page behind a report mail's unsubscribe link. Its GET changes nothing (mail scanners follow links): it asks,
// and its button POSTs the same one-click form a mail client sends (RFC 8058). Plain HTML, no script, nothing to load.


export const UNSUBSCRIBE_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow", "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

function page(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta name="robots" content="noindex, nofollow"><title>${esc(title)}</title></head>`
    + `<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">`
    + `<main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e2e8f0;border-radius:8px">`
    + `<p style="font-weight:600;color:#1d4ed8;margin:0 0 16px">IndexWatch</p><h1 style="font-size:20px;margin:0 0 12px">${esc(title)}</h1>${inner}</main></body></html>`;
}

const what = (t: UnsubscribeTarget) => `the indexing reports of <strong>${esc(unlinkable(t.domain))}</strong> to <strong>${esc(unlinkable(t.email))}</strong>`;

/** GET: asks to confirm (or says it is done already). */
export function unsubscribeConfirmPage(t: UnsubscribeTarget, token: string): string {
  if (t.unsubscribed) return unsubscribedPage(t);
  return page("Stop these reports?", `<p style="font-size:14px;line-height:1.5">This stops ${what(t)}. No further report of this project is mailed to this address.</p>`
    + `<form method="post" action="/api/reports/unsubscribe?token=${esc(encodeURIComponent(token))}">`
    + `<input type="hidden" name="List-Unsubscribe" value="One-Click">`
    + `<button type="submit" style="background:#2563eb;color:#fff;border:0;padding:10px 16px;border-radius:6px;font-size:14px;cursor:pointer">Stop these reports</button></form>`);
}

/** After the POST (or a GET once done). */
export function unsubscribedPage(t: UnsubscribeTarget): string {
  return page("You are unsubscribed", `<p style="font-size:14px;line-height:1.5">We no longer mail ${what(t)}. The people who sent them see that you unsubscribed and cannot undo it.</p>`);
}
