import { CREDIT_KINDS } from "@/lib/credit-usage/schemas";
import type { LedgerKind } from "@/lib/queries/credits";
import type { Page } from "@/lib/queries/urls";

export const LEDGER_PAGE_SIZE = 25;
type Get = (key: string) => string | null | undefined;

/** `?page=N&kind=…` of the ledger: page 1-based, kind one of the ledger's kinds; anything else is ignored. */
export function ledgerSearch(get: Get): { page: number; kind: LedgerKind | null } {
  const n = Number(get("page"));
  const kind = get("kind");
  return { page: Number.isInteger(n) && n >= 1 ? n : 1, kind: (CREDIT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as LedgerKind) : null };
}

export const ledgerRange = (page: number): Page => ({ offset: (page - 1) * LEDGER_PAGE_SIZE, limit: LEDGER_PAGE_SIZE });

export function ledgerHref(pathname: string, s: { page: number; kind: LedgerKind | null }): string {
  const qs = new URLSearchParams();
  if (s.kind) qs.set("kind", s.kind);
  if (s.page > 1) qs.set("page", String(s.page));
  const q = qs.toString();
  return q ? `${pathname}?${q}` : pathname;
}
