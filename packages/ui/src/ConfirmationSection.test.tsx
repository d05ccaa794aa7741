import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfirmationSection } from "./ConfirmationSection.js";

describe("ConfirmationSection", () => {
  it("is a section named by its question, at the heading level asked for, holding its form", () => {
    render(
      <ConfirmationSection
        id="remove-file"
        title="Ta bort filen?"
        description="Det går inte att ångra."
        headingLevel={4}
        data-testid="remove-file-section"
      >
        <button type="submit">Ta bort filen</button>
      </ConfirmationSection>,
    );
    const section = screen.getByRole("region", { name: "Ta bort filen?" });
    expect(section.id).toBe("remove-file");
    expect(section.dataset.testid).toBe("remove-file-section");
    expect(screen.getByRole("heading", { level: 4 }).id).toBe("remove-file-title");
    expect(section.textContent).toContain("Det går inte att ångra.");
    expect(screen.getByRole("button", { name: "Ta bort filen" })).toBeTruthy();
  });
});
