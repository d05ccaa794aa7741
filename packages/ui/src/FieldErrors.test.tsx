import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./Checkbox.js";
import { Field } from "./Field.js";
import { describeControl, FieldErrors } from "./FieldErrors.js";
import { Input } from "./Input.js";
import { RadioGroup } from "./RadioGroup.js";

describe("FieldErrors", () => {
  it("lists each message in a role=alert region named {id}-errors, skipping empty ones", () => {
    const html = renderToStaticMarkup(
      <FieldErrors id="email" errors={["Saknas.", "", "Ogiltig."]} />,
    );
    expect(html).toBe(
      '<div id="email-errors" role="alert" class="text-sm text-red-700">' +
        '<ul class="flex flex-col gap-1"><li>Saknas.</li><li>Ogiltig.</li></ul></div>',
    );
  });

  it("renders nothing without messages", () => {
    expect(renderToStaticMarkup(<FieldErrors id="email" />)).toBe("");
    expect(renderToStaticMarkup(<FieldErrors id="email" errors={["", ""]} />)).toBe("");
  });

  it("is the one error list of Field, Checkbox and RadioGroup", () => {
    const errors = ["Fel."];
    const list = renderToStaticMarkup(<FieldErrors id="x" errors={errors} />);
    const field = renderToStaticMarkup(
      <Field label="X" id="x" errors={errors}>
        <Input name="x" />
      </Field>,
    );
    const checkbox = renderToStaticMarkup(<Checkbox id="x" name="x" label="X" errors={errors} />);
    const radios = renderToStaticMarkup(
      <RadioGroup legend="X" name="x" options={[{ value: "a", label: "A" }]} errors={errors} />,
    );
    for (const html of [field, checkbox, radios]) expect(html).toContain(list);
  });
});

describe("describeControl", () => {
  it("marks the control invalid and names the error list after the other ids", () => {
    expect(describeControl("email", ["Fel."], "email-hint", undefined, false)).toEqual({
      invalid: true,
      describedBy: "email-hint email-errors",
    });
  });

  it("drops conform's reference to `{id}-error`, which names no element here, and repeats", () => {
    expect(describeControl("email", ["Fel."], "email-hint email-error", "email-hint")).toEqual({
      invalid: true,
      describedBy: "email-hint email-errors",
    });
    expect(describeControl("email", undefined, "email-error")).toEqual({
      invalid: false,
      describedBy: undefined,
    });
  });

  it("leaves a valid control with only its own ids, or none", () => {
    expect(describeControl("email", [""], "email-hint")).toEqual({
      invalid: false,
      describedBy: "email-hint",
    });
    expect(describeControl("email", undefined)).toEqual({ invalid: false, describedBy: undefined });
  });
});
