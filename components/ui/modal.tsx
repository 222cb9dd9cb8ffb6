"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A native modal <dialog>: the browser makes the page behind it inert and closes it on Escape.
 * Mount it to open it; unmounting returns focus to the element that opened it.
 */
export function Modal({ title, onClose, children, size = "md", describedBy, closeLabel }: {
  title: string; onClose: () => void; children: ReactNode; size?: "md" | "lg"; describedBy?: string;
  /** A close button (×) beside the title, named so (e.g. "Close the URL details"); Escape closes every modal. */
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${size === "lg" ? "max-w-3xl" : "max-w-lg"} rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      <div className="max-h-[85dvh] overflow-y-auto p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {closeLabel && (
            <button type="button" onClick={() => ref.current?.close()} aria-label={closeLabel} title={closeLabel}
              className="-m-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
                <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
              </svg>
            </button>
          )}
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
