import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export const inputClasses = "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm aria-[invalid=true]:border-red-500";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: ReactNode;
  /** Help under the input, announced with it. */
  hint?: ReactNode;
  /** A message that marks the input invalid (aria-invalid) and is announced with it. */
  error?: ReactNode;
  id?: string;
};

/** A labelled text input with optional hint and error, wired with aria-describedby. */
export function TextField({ label, hint, error, id, className = "", ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`space-y-1 ${className}`.trim()}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={inputClasses}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
