"use client";

import { useId, useRef, useState, type DragEvent, type ReactNode } from "react";

/**
 * A file picker that also takes a dropped file: a dashed zone with a "Choose a file" label for the hidden input.
 * `onFile` gets the one file; while `busy` the zone shows `busyText` and takes nothing.
 */
export function FileDropZone({ onFile, busy, busyText, accept, hint, testId, chooseLabel = "Choose a file" }: {
  onFile: (file: File) => void; busy: boolean; busyText: string; accept: string; hint: ReactNode; testId: string; chooseLabel?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function take(files: FileList | null) {
    const file = files?.[0];
    if (input.current) input.current.value = "";
    if (file && !busy) onFile(file);
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  }

  return (
    <div
      data-testid={testId}
      onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 ${
        dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"
      }`}
    >
      <p className="text-sm text-slate-700">{busy ? busyText : "Drag a .csv or .txt file here, or"}</p>
      <label htmlFor={id} className="mt-2 inline-flex cursor-pointer items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {chooseLabel}
      </label>
      <input ref={input} id={id} type="file" accept={accept} disabled={busy} onChange={(e) => take(e.target.files)} className="sr-only" />
      <p className="mt-2 text-xs text-slate-600">{hint}</p>
    </div>
  );
}
