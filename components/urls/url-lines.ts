import { ApiRequestError } from "@/lib/queries/fetch-api";

/** One URL (or path) per non-blank line of a textarea, trimmed. */
export const linesOf = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

/** The API names a bad URL by its index in the batch (`urls.3`); the user knows it by its line. */
export function withLineNumbers(error: unknown, lines: string[]): unknown {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.meta?.errors)) return error;
  const errors = (error.meta.errors as { path?: string; message?: string }[]).map((e) => {
    const i = /^urls\.(\d+)$/.exec(e.path ?? "")?.[1];
    return i === undefined ? e : { path: `Line ${Number(i) + 1} (${lines[Number(i)]})`, message: e.message };
  });
  return new ApiRequestError(error.code, error.status, error.message, { ...error.meta, errors });
}
