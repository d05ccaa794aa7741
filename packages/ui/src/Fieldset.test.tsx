import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Fieldset } from "./Fieldset.js";

describe("Fieldset", () => {
  it("is a group named by its legend and described by its description", () => {
    render(
      <Fieldset legend="Faktureringsadress" description="Dit skickar vi fakturan." className="mt-6">
        <input aria-label="Gatuadress" name="street_address" />
      </Fieldset>,
    );
    const group = screen.getByRole("group", { name: "Faktureringsadress" });
    expect(group.tagName).toBe("FIELDSET");
    expect(group.className).toContain("mt-6");
    const description = screen.getByText("Dit skickar vi fakturan.");
    expect(group.getAttribute("aria-describedby")).toBe(description.id);
    expect(screen.getByRole("textbox", { name: "Gatuadress" })).toBeTruthy();
  });

  it("can be hidden and disabled, leaving its fields out of the submission", () => {
    render(
      <form data-testid="form">
        <Fieldset legend="Leveransadress" hidden disabled>
          <input name="shipping_city" defaultValue="Umeå" />
        </Fieldset>
      </form>,
    );
    const group = screen.getByTestId("form").querySelector("fieldset") as HTMLFieldSetElement;
    expect(group.hidden).toBe(true);
    expect(group.disabled).toBe(true);
    expect(group.hasAttribute("aria-describedby")).toBe(false);
    const data = new FormData(screen.getByTestId("form") as HTMLFormElement);
    expect(data.get("shipping_city")).toBeNull();
  });
});
