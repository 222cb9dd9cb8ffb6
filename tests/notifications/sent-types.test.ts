import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SENT_TYPES } from "@/lib/notifications/channels";
import { NOTIFICATION_TYPES } from "@/lib/notifications/types";

// The settings page offers the notification types the product sends, no more and no fewer: the types that
// the code hands to notifyMembers/notifyUsers are exactly SENT_TYPES.
const root = path.resolve(import.meta.dirname, "../..");
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  return e.isDirectory() ? (e.name === "generated" ? [] : files(p)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
});

describe("notification types the product sends", () => {
  it("are the ones the settings page shows", () => {
    const sent = new Set<string>();
    for (const f of [...files(path.join(root, "lib")), ...files(path.join(root, "inngest"))]) {
      const text = readFileSync(f, "utf8");
      if (!/\bnotify(?:Members|Users)\(/.test(text) || f.endsWith(path.join("lib", "notifications", "notify-members.ts"))) continue;
      for (const m of text.matchAll(/\btype: "([a-z_.0-9]+)"/g)) if ((NOTIFICATION_TYPES as readonly string[]).includes(m[1])) sent.add(m[1]);
    }
    expect([...sent].sort()).toEqual([...SENT_TYPES].sort());
  });
});
