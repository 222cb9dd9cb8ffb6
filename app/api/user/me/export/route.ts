import { route } from "@/lib/api/route";
import { getMeExportOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { exportUserData } from "@/lib/users/export-user-data";

// GET /api/user/me/export — everything we hold about the user (GDPR export)
export const GET = route(getMeExportOp, async ({ ctx }) => ok(await exportUserData(ctx)));
