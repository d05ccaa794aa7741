import { describe, expect, it } from "vitest";
import {
  findUnstorableText,
  MAX_LISTED_PROBLEMS,
  NUL_PROBLEM,
  printable,
  SURROGATE_PROBLEM,
  unstorableTextProblem,
} from "./storable-text.js";

describe("unstorableTextProblem", () => {
  it("accepts any well-formed text, astral characters (surrogate pairs) included", () => {
    for (const text of ["", "Fjällbruk AB", "Åsa 😀 𝔘", "\t\n\u007f", "\uffff"]) {
      expect(unstorableTextProblem(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("refuses U+0000 and unpaired surrogates, high or low, anywhere in the text", () => {
    expect(unstorableTextProblem("a\u0000b")).toBe(NUL_PROBLEM);
    expect(unstorableTextProblem("\ud800")).toBe(SURROGATE_PROBLEM);
    expect(unstorableTextProblem("x\udc00")).toBe(SURROGATE_PROBLEM);
    expect(unstorableTextProblem("\udc00\ud800")).toBe(SURROGATE_PROBLEM);
    expect(unstorableTextProblem("😀\ud83d")).toBe(SURROGATE_PROBLEM);
  });
});

describe("findUnstorableText", () => {
  it("names the path of every bad value and key, in document order", () => {
    const body = JSON.parse(
      '{"a":"ok","company":{"name":"x\\u0000"},"list":["ok","\\ud800"],"k\\u0000":{"deep":"\\u0000"}}',
    );
    expect(findUnstorableText(body)).toEqual([
      `company.name: ${NUL_PROBLEM}`,
      `list.1: ${SURROGATE_PROBLEM}`,
      // The key is the problem; it is shown escaped and what it holds is not looked at.
      `k\\u0000: ${NUL_PROBLEM}`,
    ]);
  });

  it("reports a bad top-level string without a path, and nothing for clean values", () => {
    expect(findUnstorableText("\u0000")).toEqual([NUL_PROBLEM]);
    expect(findUnstorableText({ a: [1, true, null, { b: "😀" }] })).toEqual([]);
  });

  it("lists at most MAX_LISTED_PROBLEMS problems", () => {
    const many = Array.from({ length: 1000 }, () => "\u0000");
    expect(findUnstorableText(many)).toHaveLength(MAX_LISTED_PROBLEMS);
  });

  it("walks deep values without recursion", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(1);
  });
});

describe("printable", () => {
  it("writes control characters and unpaired surrogates as \\u escapes", () => {
    expect(printable("a\u0000b\n\ud800😀")).toBe("a\\u0000b\\u000a\\ud800😀");
  });
});
