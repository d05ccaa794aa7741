import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("nestsDeeperThan", () => {
  it("counts the nesting of objects and arrays", () => {
    expect(nestsDeeperThan("{}", 0)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
    expect(nestsDeeperThan('{"company":{"name":"x"}}', 2)).toBe(false);
    expect(nestsDeeperThan('{"company":{"name":"x"}}', 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it("counts siblings once, not added up", () => {
    expect(nestsDeeperThan(`[${Array(1000).fill("[]").join(",")}]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes and backslashes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ a: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[" ' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: "ends in a backslash \\", b: "[[[" }), 1)).toBe(
      false,
    );
    expect(nestsDeeperThan(JSON.stringify({ a: "\\", b: [[[]]] }), 3)).toBe(true);
  });

  it("scans a deep body without recursion", () => {
    expect(nestsDeeperThan(nested(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
