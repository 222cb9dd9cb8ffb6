import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  { ignores: ["lib/db/generated/**", ".next/**", ".next-*/**", "node_modules/**", ".data/**", "e2e/screenshots/**", "next-env.d.ts"] },
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
  // Tests read untyped JSON envelopes.
  { files: ["tests/**", "e2e/**", "**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  {
    // Route handlers stay thin: they call verbs in lib/<area>, never the database module.
    files: ["app/api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/db", "@/lib/db/*", "**/lib/db/**"], message: "Route handlers call verbs in lib/<area>; they never import the database." }] }],
    },
  },
];
export default config;
