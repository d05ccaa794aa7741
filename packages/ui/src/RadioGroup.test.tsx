import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RadioGroup } from "./RadioGroup.js";

const options = [
  { value: "retail", label: "Butik", description: "Fysisk butik" },
  { value: "online", label: "E-handel" },
  { value: "other", label: "Annat" },
];

describe("RadioGroup", () => {
  it("is a named group of native radios with a default choice and descriptions", () => {
    render(
      <form data-testid="form">
        <RadioGroup legend="Verksamhet" name="attribute" options={options} defaultValue="online" />
      </form>,
    );
    expect(screen.getByRole("group", { name: "Verksamhet" }).tagName).toBe("FIELDSET");
    const retail = screen.getByRole("radio", { name: "Butik" });
    expect(retail.getAttribute("name")).toBe("attribute");
    expect(retail.getAttribute("aria-describedby")).toBe("attribute-retail-description");
    expect(screen.getByText("Fysisk butik").id).toBe("attribute-retail-description");
    expect((screen.getByRole("radio", { name: "E-handel" }) as HTMLInputElement).checked).toBe(
      true,
    );
    const data = new FormData(screen.getByTestId("form") as HTMLFormElement);
    expect(data.get("attribute")).toBe("online");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reports choices by value and follows a controlled value", () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RadioGroup
        legend="Verksamhet"
        name="attribute"
        options={options}
        value="retail"
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole("radio", { name: "Annat" }));
    expect(onChange).toHaveBeenCalledWith("other");
    rerender(
      <RadioGroup
        legend="Verksamhet"
        name="attribute"
        options={options}
        value="other"
        onChange={onChange}
      />,
    );
    expect((screen.getByRole("radio", { name: "Annat" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Butik" }) as HTMLInputElement).checked).toBe(false);
  });

  it("marks every radio invalid and links the error list", () => {
    render(
      <RadioGroup
        legend="Verksamhet"
        name="attribute"
        id="org-attribute"
        options={options}
        errors={["Välj ett alternativ."]}
      />,
    );
    const list = screen.getByRole("alert");
    expect(list.querySelector("ul > li")).not.toBeNull();
    expect(list.id).toBe("org-attribute-errors");
    for (const radio of screen.getAllByRole("radio")) {
      expect(radio.getAttribute("aria-invalid")).toBe("true");
      expect(radio.getAttribute("aria-describedby")).toContain("org-attribute-errors");
    }
  });
});
