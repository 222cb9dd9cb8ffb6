"use client";

import { useState, type ChangeEvent, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/field";
import { brandingQuery, logoUrl, orgKeys, removeLogo, saveBranding, uploadLogo, type Branding } from "@/lib/queries/organization";

const HEX = /^#[0-9a-fA-F]{6}$/;
const MAX_LOGO_KB = 256;

/**
 * Settings → Organization → Branding: the name, accent colour and logo that client report PDFs and share pages show.
 * Owners and admins change it (branding.manage); members see it.
 */
export function BrandingSection({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { data, error } = useQuery(brandingQuery(organizationId));
  const [notice, setNotice] = useState("");
  const stored = (b: Branding, message: string) => {
    queryClient.setQueryData(orgKeys.branding(organizationId), b);
    setNotice(message);
  };
  const save = useMutation({
    mutationFn: (input: { displayName: string | null; accentColor: string | null }) => saveBranding(organizationId, input),
    onSuccess: (b) => stored(b, "Branding saved: the next report and the share pages use it."),
  });
  const upload = useMutation({ mutationFn: (file: File) => uploadLogo(organizationId, file), onSuccess: (b) => stored(b, "Logo uploaded.") });
  const remove = useMutation({ mutationFn: () => removeLogo(organizationId), onSuccess: (b) => stored(b, "Logo removed.") });
  function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) upload.mutate(file);
  }

  return (
    <section aria-labelledby="branding-heading" className="space-y-3" data-testid="branding-section">
      <h2 id="branding-heading" className="text-lg font-semibold">Branding</h2>
      <p className="text-sm text-slate-600">
        The name, colour and logo on your client reports (PDF) and share pages. Without them, reports show the organization&apos;s name and IndexWatch blue.
      </p>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {error && <ErrorAlert error={error} />}
      {[save, upload, remove].map((m, i) => m.isError && <ErrorAlert key={i} error={m.error} />)}
      {data && (
        <div className="flex max-w-2xl flex-col gap-4">
          <div className="flex items-center gap-4 rounded-lg border border-slate-200 p-3" style={{ borderTopColor: data.accentColor ?? "#1d4ed8", borderTopWidth: 4 }}>
            {data.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- the organization's own stored logo, fetched with the session
              <img src={logoUrl(organizationId, data.logo.updatedAt)} alt="Your logo" className="h-10 w-auto max-w-48 object-contain" />
            ) : (
              <span className="text-sm text-slate-500">No logo</span>
            )}
            <span className="font-semibold text-slate-900">{data.shownName ?? "IndexWatch"}</span>
          </div>
          {canEdit ? (
            <>
              {/* Keyed by what is stored, so the fields start from it again after each save. */}
              <BrandingForm key={`${data.displayName}|${data.accentColor}`} stored={data} saving={save.isPending} onSave={(input) => save.mutate(input)} />
              <div className="flex flex-wrap items-center gap-2">
                <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500">
                  {upload.isPending ? "Uploading…" : data.logo ? "Replace logo" : "Upload logo"}
                  <input type="file" accept="image/png,image/jpeg" className="sr-only" onChange={pick} disabled={upload.isPending} />
                </label>
                {data.logo && <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>Remove logo</Button>}
                <span className="text-xs text-slate-500">PNG or JPEG, at most {MAX_LOGO_KB} KB, 16 to 4096 pixels a side (SVG is not accepted).</span>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">Owners and admins change the branding.</p>
          )}
        </div>
      )}
    </section>
  );
}

function BrandingForm({ stored, saving, onSave }: { stored: Branding; saving: boolean; onSave: (input: { displayName: string | null; accentColor: string | null }) => void }) {
  const [displayName, setDisplayName] = useState(stored.displayName ?? "");
  const [accent, setAccent] = useState(stored.accentColor ?? "");
  const accentInvalid = accent.trim() !== "" && !HEX.test(accent.trim());
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!accentInvalid) onSave({ displayName: displayName.trim() || null, accentColor: accent.trim() || null });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField label="Shown on reports as" maxLength={100} value={displayName} placeholder={stored.shownName ?? ""} onChange={(e) => setDisplayName(e.target.value)} className="flex-1"
        hint="Empty: the organization's name" />
      <TextField label="Accent colour" maxLength={7} value={accent} placeholder="#1d4ed8" onChange={(e) => setAccent(e.target.value)} className="w-36"
        error={accentInvalid ? "A colour as #rrggbb" : undefined} hint="#rrggbb" />
      <input type="color" aria-label="Pick the accent colour" value={HEX.test(accent) ? accent.toLowerCase() : "#1d4ed8"} onChange={(e) => setAccent(e.target.value)}
        className="h-9 w-12 cursor-pointer rounded border border-slate-300" />
      <Button type="submit" variant="secondary" disabled={saving || accentInvalid}>{saving ? "Saving…" : "Save"}</Button>
    </form>
  );
}
