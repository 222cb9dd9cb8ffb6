import { defineConfig } from "vitest/config";

// Test files that replace a module with vi.mock, or load one afresh under another environment (vi.resetModules), need
// a module graph of their own; every other file shares its worker's modules with the files before it (no re-import per
// file: most of a file's start-up is importing the app), so no file may leave state behind: tests/setup-env.ts restores
// the environment after each file, and the configuration singletons (fetchers, resolver) are rebuilt when the
// environment they were built from changes.
const MOCKING = [
  "lib/jobs/send-event.test.ts", "lib/urls/url-json-cache.test.ts", "tests/robots/tester.test.ts", "tests/sitemaps/cron.test.ts",
  "tests/sitemaps/routes.test.ts", "tests/jobs/inngest-serve.test.ts",
];

const shared = {
  environment: "node",
  exclude: ["node_modules/**", ".next/**", ".next-*/**", "e2e/**", ".data/**"],
  globalSetup: ["tests/global-setup.ts"],
  setupFiles: ["tests/setup-env.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
};

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    // The embedded database runs queries one at a time; two workers keep CI's two cores busy.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { ...shared, name: "shared-modules", include: ["**/*.test.ts"], exclude: [...shared.exclude, ...MOCKING], isolate: false } },
      { extends: true, test: { ...shared, name: "isolated", include: MOCKING, isolate: true } },
    ],
  },
});
