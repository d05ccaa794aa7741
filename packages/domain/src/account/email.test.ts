import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email.js";

describe("isEmailAddress", () => {
  it("takes addresses and refuses what is not one", () => {
    expect(isEmailAddress("ada.lind@example.se")).toBe(true);
    expect(isEmailAddress("ada@example")).toBe(false);
    expect(isEmailAddress("ada lind@example.se")).toBe(false);
    expect(isEmailAddress("")).toBe(false);
  });
});
