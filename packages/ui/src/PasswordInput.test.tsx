import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./Field.js";
import { PasswordInput } from "./PasswordInput.js";

describe("PasswordInput", () => {
  it("renders a plain password input without the toggle on the server", () => {
    const html = renderToString(
      <PasswordInput name="password" revealLabel="Visa lösenord" hideLabel="Dölj lösenord" />,
    );
    expect(html).toContain('type="password"');
    expect(html).not.toContain("<button");
    expect(html).not.toContain("Visa lösenord");
  });

  it("passes Field's props, native props and the ref to the input", () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <Field label="Lösenord" id="password" errors={["Minst 10 tecken."]}>
        <PasswordInput
          ref={ref}
          name="password"
          autoComplete="new-password"
          aria-describedby="password-criteria"
          revealLabel="Visa lösenord"
          hideLabel="Dölj lösenord"
        />
      </Field>,
    );
    const input = screen.getByLabelText("Lösenord");
    expect(input).toBe(ref.current);
    expect(input.getAttribute("type")).toBe("password");
    expect(input.getAttribute("name")).toBe("password");
    expect(input.getAttribute("id")).toBe("password");
    expect(input.getAttribute("autocomplete")).toBe("new-password");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("password-criteria password-errors");
  });

  it("shows and hides the password with a pressed toggle after hydration", () => {
    render(
      <PasswordInput
        id="pw"
        name="password"
        revealLabel="Visa lösenord"
        hideLabel="Dölj lösenord"
      />,
    );
    const input = document.getElementById("pw") as HTMLInputElement;
    const toggle = screen.getByRole("button", { name: "Visa lösenord" });
    expect(toggle.getAttribute("type")).toBe("button");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe("pw");

    fireEvent.click(toggle);
    expect(input.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Dölj lösenord" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(hide);
    expect(input.type).toBe("password");
  });

  it("hides the password again when its form is submitted", () => {
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordInput name="password" revealLabel="Visa" hideLabel="Dölj" />
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Visa" }));
    const input = document.querySelector("input") as HTMLInputElement;
    expect(input.type).toBe("text");
    fireEvent.submit(input.form as HTMLFormElement);
    expect(input.type).toBe("password");
  });

  it("calls a callback ref too", () => {
    let element: HTMLInputElement | null = null;
    render(
      <PasswordInput
        ref={(node) => {
          element = node;
        }}
        revealLabel="Visa"
        hideLabel="Dölj"
      />,
    );
    expect(element).toBeInstanceOf(HTMLInputElement);
  });
});
