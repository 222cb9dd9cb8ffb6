"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { importKeys, uploadImport, type UrlImport } from "@/lib/queries/imports";
import type { ProjectPath } from "@/lib/queries/urls";

/** A file picker that also takes a dropped file; uploading creates a preview, nothing is added yet. */
export function ImportDropZone({ projectRef, onUploaded }: { projectRef: ProjectPath; onUploaded: (created: UrlImport) => void }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImport(projectRef, file),
    onSuccess: async (created) => {
      queryClient.setQueryData(importKeys.one(projectRef, created.id), created);
      onUploaded(created);
      await queryClient.invalidateQueries({ queryKey: [...importKeys.all(projectRef), "list"] });
    },
  });

  return (
    <div className="space-y-2">
      <FileDropZone
        testId="import-drop-zone" accept=".csv,.txt,text/csv,text/plain" busy={upload.isPending}
        busyText={`Uploading ${upload.variables?.name ?? "the file"}…`} onFile={(file) => upload.mutate(file)}
        hint="CSV: URLs in the first column, with or without a header row. Text: one URL per line."
      />
      {upload.isError && <ErrorAlert error={upload.error} />}
    </div>
  );
}
