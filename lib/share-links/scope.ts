/** The id that stands for the project and its organization in a shared view's queries and keys (never a real id). */
export const SHARED_SCOPE = "shared";
