/** gsc's redirect: `?code&state`, or `?error&state` when the user cancelled or something failed there. */
export type CallbackSearch = { code: string | null; state: string | null; error: string | null };

const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : null);

export function parseCallbackSearch(sp: Record<string, string | string[] | undefined>): CallbackSearch {
  return { code: one(sp.code), state: one(sp.state), error: one(sp.error) };
}
