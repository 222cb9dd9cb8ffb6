import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { gateInngest } from "@/lib/api/inngest-gate";

const handlers = serve({ client: inngest, functions });

// GET /api/inngest — introspection · PUT — sync the function list · POST — Inngest calls a function step.
// Refused in the envelope without an Inngest server (404) and, in production, in its unsigned dev mode (503).
export const GET = gateInngest(handlers.GET);
export const POST = gateInngest(handlers.POST);
export const PUT = gateInngest(handlers.PUT);
