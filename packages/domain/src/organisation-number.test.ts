import { describe, expect, it } from "vitest";
import { cleanOrganisationNumber } from "./organisation-number.js";

describe("cleanOrganisationNumber", () => {
  it("strips spaces and dashes", () => {
    expect(cleanOrganisationNumber("556677-8899")).toBe("5566778899");
    expect(cleanOrganisationNumber(" 556 677 - 8899 ")).toBe("5566778899");
    expect(cleanOrganisationNumber("1234567–8")).toBe("12345678");
    expect(cleanOrganisationNumber("")).toBe("");
  });
});
