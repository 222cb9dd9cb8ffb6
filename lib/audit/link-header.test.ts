import { describe, expect, it } from "vitest";
import { canonicalFromLinkHeader, parseLinkHeader } from "./link-header";

describe("Link header", () => {
  const cases: [header: string, canonical: string | null][] = [
    ['<https://shop.example/a>; rel="canonical"', "https://shop.example/a"],
    ["<https://shop.example/a>; rel=canonical", "https://shop.example/a"],
    ["<https://shop.example/a>;rel=CANONICAL", "https://shop.example/a"],
    ['<https://shop.example/a> ; rel = "canonical"', "https://shop.example/a"],
    ['</relative/path>; rel="canonical"', "/relative/path"],
    ['<https://cdn.example/x.css>; rel=preload; as=style, <https://shop.example/b>; rel="canonical"', "https://shop.example/b"],
    ['<https://shop.example/a,b>; rel="canonical"', "https://shop.example/a,b"],
    ['<https://shop.example/alt>; rel="alternate canonical"', "https://shop.example/alt"],
    ['<https://shop.example/x>; title="a, b; rel=canonical"; rel=alternate', null],
    ['<https://shop.example/x>; rel="alternate"; rel="canonical"', null],
    ['<https://shop.example/first>; rel=canonical, <https://shop.example/second>; rel=canonical', "https://shop.example/first"],
    ['garbage, <https://shop.example/c>; rel="canonical"', "https://shop.example/c"],
    ['<https://shop.example/p.pdf>; rel="canonical"; type="application/pdf"', "https://shop.example/p.pdf"],
    ["<https://shop.example/a>; rel=preload", null],
    ["", null],
    ["<unterminated; rel=canonical", null],
  ];
  it.each(cases)("%j → %j", (header, expected) => {
    expect(canonicalFromLinkHeader(header)).toBe(expected);
  });

  it("parses quoted values with escapes and several links", () => {
    expect(parseLinkHeader('<a>; rel="next \\"x\\""; title="t", <b>; rel=prev')).toEqual([
      { target: "a", rel: ["next", '"x"'] },
      { target: "b", rel: ["prev"] },
    ]);
  });
});
