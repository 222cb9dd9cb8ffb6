import type { ReactNode } from "react";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { ConnectionError } from "./connection-error";

type Issue = { message?: unknown };

/** Why a URL-prefix property was not pooled (POST …/gsc/properties), with the way out; anything else as a connection error. */
export function GscPropertyError({ error, domain }: { error: unknown; domain: string }) {
  if (!(error instanceof ApiRequestError)) return <ConnectionError error={error} />;
  const reason = typeof error.meta?.reason === "string" ? error.meta.reason : "";
  const box = (title: string, body?: ReactNode) => (
    <div role="alert" data-testid="gsc-property-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {body && <p>{body}</p>}
    </div>
  );
  const example = <code className="wrap-anywhere">https://{domain}/blog/</code>;

  if (error.code === "VALIDATION_ERROR") {
    const issues = Array.isArray(error.meta?.errors) ? (error.meta.errors as Issue[]).map((i) => (typeof i.message === "string" ? i.message : "")).filter(Boolean) : [];
    return box([...new Set(issues)].join(" ") || error.message, <>Enter a URL-prefix property inside {domain}, such as {example}.</>);
  }
  if (error.code === "PROPERTY_NOT_COVERED") {
    return reason === "unverified"
      ? box("Your Google account's permission on this property is not verified",
        "Finish the property's verification in Google Search Console with the account connected here, then add it again.")
      : box("Your Google account has no such property",
        <>Add it in Google Search Console with the account connected here, then add it again. The prefix must match exactly, for example {example}.</>);
  }
  if (error.code === "CONFLICT") {
    if (reason === "already_pooled") return box("This property is already in the list", "The main property and every pooled one appear above.");
    if (reason === "too_many_properties") return box(error.message, "Remove a pooled property you no longer need first.");
    if (reason === "gsc_not_connected") return box("Connect Google Search Console first", "Pooled properties belong to the connected Google account.");
  }
  return <ConnectionError error={error} />;
}
