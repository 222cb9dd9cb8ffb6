/** A date as the API shows it: ISO 8601, or null when there is none (a string is one already). */
export const iso = (d: Date | string | null | undefined) => (d == null ? null : typeof d === "string" ? d : d.toISOString());
