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
    expect(list.querySelector("ul > li")).not.toBeNull();
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

  it("marks a required field with an asterisk that only sighted users get, and aria-required", () => {
    render(
      <Field label="Kontaktperson" id="contact_name" required>
        <Input name="contact_name" />
      </Field>,
    );
    // The asterisk is not part of the accessible name.
    const input = screen.getByRole("textbox", { name: "Kontaktperson" });
    expect(input.getAttribute("aria-required")).toBe("true");
    // No native `required`: the form still posts and the server's message shows.
    expect(input.hasAttribute("required")).toBe(false);
    const marker = document.querySelector("label span");
    expect(marker?.textContent).toBe("*");
    expect(marker?.getAttribute("aria-hidden")).toBe("true");
  });

  it("puts the hint above the input by default, or under it, described by it either way", () => {
    const { container } = render(
      <>
        <Field label="E-post" id="email" hint="Vi skickar kvittot hit.">
          <Input name="email" />
        </Field>
        <Field
          label="Mobilnummer"
          id="phone"
          hint="Till exempel 070 123 45 67."
          hintPlacement="below"
          errors={["Ogiltigt nummer."]}
        >
          <Input name="phone" type="tel" />
        </Field>
      </>,
    );
    const order = (id: string) =>
      Array.from(container.querySelector(`#${id}`)?.parentElement?.children ?? []).map((child) =>
        child.tagName === "P" ? "hint" : child.tagName.toLowerCase(),
      );
    expect(order("email")).toEqual(["label", "hint", "input"]);
    // Under the input the hint leaves the input level with its neighbours' in a row; the errors follow it.
    expect(order("phone")).toEqual(["label", "input", "hint", "div"]);
    expect(screen.getByLabelText("Mobilnummer").getAttribute("aria-describedby")).toBe(
      "phone-hint phone-errors",
    );
    expect(document.getElementById("phone-hint")?.textContent).toBe("Till exempel 070 123 45 67.");
  });

  it("leaves an optional field without marker or aria-required", () => {
    render(
      <Field label="Extern referens" id="external_ref">
        <Input name="external_ref" />
      </Field>,
    );
    expect(screen.getByLabelText("Extern referens").hasAttribute("aria-required")).toBe(false);
    expect(document.querySelector("label span")).toBeNull();
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
