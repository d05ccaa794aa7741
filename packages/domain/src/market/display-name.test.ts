import { afterEach, describe, expect, it, vi } from "vitest";
import { displayName } from "./display-name.js";

describe("displayName", () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks the runtime once per name, then remembers it", () => {
    const asked = vi.spyOn(Intl.DisplayNames.prototype, "of");
    expect(displayName("region", "NO", "sv")).toBe("Norge");
    expect(displayName("region", "NO", "sv")).toBe("Norge");
    expect(displayName("region", "NO", "fi")).toBe("Norja");
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it("remembers a code it cannot name as the code", () => {
    expect(displayName("language", "xx", "not a language!")).toBe("xx");
  });
});
