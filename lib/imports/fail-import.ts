import { systemCtx } from "@/lib/core/context";
import { withTransaction } from "@/lib/db";

const MAX_ERROR = 1_000;

/** Ends a commit that cannot finish: `failed` with a user-facing error; the rows inserted so far stay. */
export async function failImport(importId: string, error: string): Promise<{ failed: boolean }> {
  return withTransaction(systemCtx("fail-import"), async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.urlImport.updateMany({ where: { id: importId, status: "committing" }, data: { status: "failed", error: error.slice(0, MAX_ERROR) } });
    if (count) await tx.urlImportRow.deleteMany({ where: { importId } });
    return { failed: count === 1 };
  });
}
