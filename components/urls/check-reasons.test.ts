import { describe, expect, it } from "vitest";
import { checkReasonText } from "./check-reasons";

describe("why Google was asked about a URL, in the URL panel", () => {
  it("never says 'Never checked' above Google's answer: once spent, the first check is named as such", () => {
    const done = checkReasonText("never_observed", false);
    expect(done).toEqual({ term: "Last asked because", label: "First check", hint: "Google had no verdict on it yet" });
    expect(`${done.label} ${done.hint}`).not.toMatch(/Never checked|No verdict from Google yet/);
  });

  it("keeps the waiting reason while the check is queued, and the other reasons as they are", () => {
    expect(checkReasonText("never_observed", true)).toEqual({ term: "Queued for a check", label: "Never checked", hint: "No verdict from Google yet" });
    expect(checkReasonText("check_again", false)).toMatchObject({ term: "Last asked because", label: "Checked again on request" });
  });
});
