import { route } from "@/lib/api/route";
import { getCreditLedgerOp } from "@/lib/api/operations/credits";
import { ok } from "@/lib/api/envelope";
import { listLedger } from "@/lib/credit-usage/list-ledger";

// GET …/organizations/{organizationId}/credits/ledger — every movement of credits, newest first, with what caused it
export const GET = route(getCreditLedgerOp, async ({ ctx, query }) => {
  const { data, meta } = await listLedger(ctx, query);
  return ok(data, { meta });
});
