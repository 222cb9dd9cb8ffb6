"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { FormActions } from "@/components/ui/form-actions";
import { BARE_DOMAIN_MESSAGE, isBareDomain } from "@/lib/projects/bare-domain";
import { createProject, projectKeys, type Project } from "@/lib/queries/projects";
import { normalizeDomain as normalize, suggestDomain as suggestion } from "./domain-input";

export function CreateProjectDialog({ orgId, onClose, onCreated }: { orgId: string; onClose: () => void; onCreated: (project: Project) => void }) {
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState("");
  const [name, setName] = useState("");
  const [sitemapUrl, setSitemapUrl] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const normalized = normalize(domain);
  const domainValid = isBareDomain(normalized);
  const suggested = suggestion(domain);
  const showDomainError = (domain.trim() !== "" || submitted) && !domainValid;

  const create = useMutation({
    mutationFn: () =>
      createProject(orgId, { domain: normalized, ...(name.trim() ? { name: name.trim() } : {}), ...(sitemapUrl.trim() ? { sitemapUrl: sitemapUrl.trim() } : {}) }),
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists(orgId) });
      onCreated(project);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (domainValid) create.mutate();
  }

  return (
    <Modal title="Add a website" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {create.isError && <ErrorAlert error={create.error} />}
        <div>
          <TextField
            label="Domain"
            name="domain"
            required
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            placeholder="example.com"
            maxLength={253}
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              create.reset();
            }}
            error={showDomainError ? (domain.trim() === "" ? "Enter the domain of your website" : BARE_DOMAIN_MESSAGE) : undefined}
            hint="The bare host name: example.com or shop.example.com. www.example.com is a different domain."
          />
          {suggested && (
            <p className="mt-1 text-sm text-slate-700">
              Did you mean{" "}
              <button type="button" onClick={() => setDomain(suggested)} className="font-medium text-brand-700 underline underline-offset-2">
                {suggested}
              </button>
              ?
            </p>
          )}
        </div>
        <TextField label="Name (optional)" name="name" maxLength={255} placeholder={domainValid ? normalized : "Defaults to the domain"} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label="Sitemap URL (optional)"
          name="sitemapUrl"
          type="url"
          maxLength={2048}
          placeholder={`https://${domainValid ? normalized : "example.com"}/sitemap.xml`}
          value={sitemapUrl}
          onChange={(e) => setSitemapUrl(e.target.value)}
          hint="Leave empty to use /sitemap.xml; sitemaps listed in robots.txt are found as well."
        />
        <FormActions onCancel={onClose} submitLabel="Add website" busyLabel="Adding…" busy={create.isPending} />
      </form>
    </Modal>
  );
}
