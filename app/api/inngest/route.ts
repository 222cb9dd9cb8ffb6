import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// GET /api/inngest — introspection · PUT — sync the function list · POST — Inngest calls a function step.
export const { GET, POST, PUT } = serve({ client: inngest, functions });
