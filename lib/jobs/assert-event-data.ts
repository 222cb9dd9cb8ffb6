import { NonRetriableError, type StandardSchemaV1 } from "inngest";

/** The event's data as the schema parses it; rejects for good (NonRetriableError) data that does not match. */
export async function assertEventData<S extends StandardSchemaV1>(schema: S, event: { name: string; data?: unknown }): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema["~standard"].validate(event.data ?? {});
  if (!result.issues) return result.value;
  const detail = result.issues.map((i) => `${(i.path ?? []).map((p) => (typeof p === "object" ? p.key : p)).join(".") || "data"}: ${i.message}`);
  throw new NonRetriableError(`Invalid ${event.name} event: ${detail.join("; ")}`);
}
