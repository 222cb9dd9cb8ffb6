import type { ErrorCode } from "@/lib/core/errors";
import { HTTP_STATUS } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/envelope";
import type { Components, JsonSchema } from "./json-schema";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const int = { type: "integer", minimum: 0 };

/** The shared components every operation refers to (DESIGN.md: the envelopes). */
export function envelopeComponents(): Components {
  return {
    PaginationMeta: {
      type: "object",
      required: ["total", "offset", "limit", "hasMore"],
      properties: { total: int, offset: int, limit: { type: "integer", minimum: 1, maximum: 100 }, hasMore: { type: "boolean" } },
    },
    SuccessEnvelope: {
      type: "object",
      required: ["success", "status", "code", "message", "data"],
      properties: {
        success: { const: true },
        status: { type: "integer", examples: [200] },
        code: { type: "string", examples: ["OK"] },
        message: { type: "string", examples: ["OK"] },
        data: {},
      },
    },
    ValidationIssue: {
      type: "object",
      required: ["path", "message", "code"],
      properties: { path: { type: "string" }, message: { type: "string" }, code: { type: "string" } },
    },
    ErrorEnvelope: {
      type: "object",
      required: ["success", "status", "code", "message"],
      properties: {
        success: { const: false },
        status: { type: "integer" },
        code: { type: "string", enum: Object.keys(HTTP_STATUS) },
        message: { type: "string" },
        meta: {
          type: "object",
          description: "Details; validation failures list `errors`.",
          properties: { errors: { type: "array", items: ref("ValidationIssue") } },
        },
      },
    },
  };
}

/** The success envelope around one operation's `data`. */
export function successEnvelope(data: JsonSchema | undefined, paginated: boolean): JsonSchema {
  const own: JsonSchema = { type: "object", properties: { data: data ?? {}, ...(paginated ? { meta: ref("PaginationMeta") } : {}) } };
  if (paginated) own.required = ["meta"];
  return { allOf: [ref("SuccessEnvelope"), own] };
}

/** One response per HTTP status, naming every code it may carry, with an example each. */
export function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(HTTP_STATUS[code], [...(byStatus.get(HTTP_STATUS[code]) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\``).join(" · "),
      content: {
        "application/json": {
          schema: ref("ErrorEnvelope"),
          examples: Object.fromEntries(list.map((c) => [c, { value: example(c, status) }])),
        },
      },
    };
  }
  return out;
}

function example(code: ErrorCode, status: number) {
  const message = code.charAt(0) + code.slice(1).toLowerCase().replaceAll("_", " ");
  if (code !== "VALIDATION_ERROR") return errorBody(code, status, message);
  return errorBody(code, status, "Request validation failed", { errors: [{ path: "name", message: "Required", code: "invalid_type" }] });
}
