import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { Field } from "./Field.js";
import { Input } from "./Input.js";
import { Select } from "./Select.js";

describe("Field", () => {
  it("labels its input and links the error list through aria-describedby", () => {
    render(
      <Field
        label="E-post"
        id="email"
        hint="Vi skickar orderbekräftelsen hit."
        errors={["Fältet måste fyllas i.", "Ogiltigt värde."]}
      >
        <Input name="email" type="email" />
      </Field>,
    );
    const input = screen.getByLabelText("E-post");
    expect(input.getAttribute("id")).toBe("email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-hint email-errors");

    const list = screen.getByRole("alert");
    expect(list.tagName).toBe("UL");
    expect(list.id).toBe("email-errors");
    expect(Array.from(list.querySelectorAll("li")).map((item) => item.textContent)).toEqual([
      "Fältet måste fyllas i.",
      "Ogiltigt värde.",
    ]);
  });

  it("leaves a valid input unmarked and renders no error list", () => {
    render(
      <Field label="Förnamn" id="first_name" errors={[]}>
        <Input name="first_name" />
      </Field>,
    );
    const input = screen.getByLabelText("Förnamn");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the input's own aria-describedby and works with a Select", () => {
    const ref = createRef<HTMLSelectElement>();
    render(
      <Field label="Land" id="country" errors={["Välj ett land."]}>
        <Select ref={ref} name="country" aria-describedby="country-note" defaultValue="SE">
          <option value="SE">Sverige</option>
          <option value="FI">Suomi</option>
        </Select>
      </Field>,
    );
    const select = screen.getByLabelText("Land");
    expect(select).toBe(ref.current);
    expect(select.tagName).toBe("SELECT");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-describedby")).toBe("country-note country-errors");
  });
});

describe("Input", () => {
  it("forwards its ref and native props", () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input ref={ref} name="q" placeholder="Sök" />);
    expect(ref.current?.getAttribute("name")).toBe("q");
    expect(ref.current?.getAttribute("type")).toBe("text");
    expect(screen.getByPlaceholderText("Sök")).toBe(ref.current);
  });
});
