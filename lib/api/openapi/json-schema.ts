import { z, type ZodType } from "zod";

export type JsonSchema = { [key: string]: unknown };
export type Components = Record<string, JsonSchema>;

const ref = (name: string) => `#/components/schemas/${name}`;

/**
 * A zod schema as an OpenAPI 3.1 schema object. Inlined schemas resolve `$ref`s against the whole
 * document, so zod's local `$defs` (and `#` for a recursive root) move into `components`.
 */
export function toOpenApiSchema(schema: ZodType, io: "input" | "output", components: Components, hint: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // A Date leaves the API as its ISO string (JSON.stringify).
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
    },
  }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Components;
  delete json.$defs;
  delete json.$schema;
  const recursive = JSON.stringify([json, defs]).includes('"$ref":"#"');

  const refsFor = (names: Map<string, string>) => {
    const refs = new Map([...names].map(([local, name]) => [`#/$defs/${local}`, ref(name)]));
    if (recursive) refs.set("#", ref(hint));
    return refs;
  };
  const locals = Object.keys(defs);
  let names = new Map(locals.map((l) => [l, l.startsWith("__") ? `${hint}${l.slice(1)}` : l]));
  // Keep zod's names (ids from `.meta({ id })`) unless another schema already took one for something else.
  const clash = locals.some((l) => {
    const taken = components[names.get(l)!];
    return taken && JSON.stringify(taken) !== JSON.stringify(rewriteRefs(defs[l], refsFor(names)));
  });
  if (clash) names = new Map(locals.map((l) => [l, `${hint}_${l.replace(/^_+/, "")}`]));

  const refs = refsFor(names);
  for (const l of locals) components[names.get(l)!] = rewriteRefs(defs[l], refs) as JsonSchema;
  const out = rewriteRefs(json, refs) as JsonSchema;
  if (!recursive) return out;
  components[hint] = out;
  return { $ref: ref(hint) };
}

function rewriteRefs(node: unknown, refs: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, refs));
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? (refs.get(v) ?? v) : rewriteRefs(v, refs)]),
  );
}
