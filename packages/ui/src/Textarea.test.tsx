import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./Field.js";
import { Textarea } from "./Textarea.js";

describe("Textarea", () => {
  it("has four rows unless told otherwise, and takes its label and errors from a Field", () => {
    render(
      <Field label="Anledning" id="reason" errors={["För lång text."]}>
        <Textarea name="reason" placeholder="Skriv här..." />
      </Field>,
    );
    const box = screen.getByLabelText("Anledning");
    expect(box.tagName).toBe("TEXTAREA");
    expect(box.getAttribute("rows")).toBe("4");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe("reason-errors");
    expect(screen.getByText("För lång text.")).toBeTruthy();
  });
});
