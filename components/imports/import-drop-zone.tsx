"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { importKeys, uploadImport, type UrlImport } from "@/lib/queries/imports";
import type { ProjectRef } from "@/lib/queries/urls";

/** A file picker that also takes a dropped file; uploading creates a preview, nothing is added yet. */
export function ImportDropZone({ projectRef, onUploaded }: { projectRef: ProjectRef; onUploaded: (created: UrlImport) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);

  const upload = useMutation({
    mutationFn: (file: File) => uploadImport(projectRef, file),
    onSuccess: async (created) => {
      queryClient.setQueryData(importKeys.one(projectRef, created.id), created);
      onUploaded(created);
      await queryClient.invalidateQueries({ queryKey: [...importKeys.all(projectRef), "list"] });
    },
    onSettled: () => {
      if (input.current) input.current.value = "";
    },
  });

  function take(files: FileList | null) {
    const file = files?.[0];
    if (file && !upload.isPending) upload.mutate(file);
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  }

  return (
    <div className="space-y-2">
      <div
        data-testid="import-drop-zone"
        onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 ${
          dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"
        }`}
      >
        <p className="text-sm text-slate-700">{upload.isPending ? `Uploading ${upload.variables?.name ?? "the file"}…` : "Drag a .csv or .txt file here, or"}</p>
        <label htmlFor={id} className="mt-2 inline-flex cursor-pointer items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Choose a file
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={upload.isPending}
          onChange={(e) => take(e.target.files)}
          className="sr-only"
        />
        <p className="mt-2 text-xs text-slate-600">CSV: URLs in the first column, with or without a header row. Text: one URL per line.</p>
      </div>
      {upload.isError && <ErrorAlert error={upload.error} />}
    </div>
  );
}
