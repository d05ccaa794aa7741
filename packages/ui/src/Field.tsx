import { clsx } from "clsx";
import { cloneElement, type ReactElement } from "react";
import { describeControl, FieldErrors } from "./FieldErrors.js";

/** The props `Field` sets on its input. */
export interface FieldControlProps {
  id?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-required"?: boolean | "true" | "false";
}

export interface FieldProps {
  label: string;
  /** Id of the input; the hint is `{id}-hint`, the error list `{id}-errors`. */
  id: string;
  /** Messages from the server or from conform; the input is marked invalid when there are any. */
  errors?: string[];
  hint?: string;
  /**
   * Where the hint sits: between the label and the input (the default), or under the input, so a
   * field with a hint lines its input up with the inputs of the fields beside it in a row.
   */
  hintPlacement?: "above" | "below";
  /**
   * Marks the field as required: an asterisk after the label (hidden from assistive technology,
   * which hears `aria-required` on the input instead). It sets no native `required`, so the form
   * is still posted and the server's translated message shows under the field, with or without
   * JavaScript.
   */
  required?: boolean;
  /** The input: `<Input>`, `<Select>` or any element taking `id` and ARIA props. */
  children: ReactElement<FieldControlProps>;
  className?: string;
}

/**
 * A label, its input, an optional hint and the error list. The input gets `id`,
 * `aria-invalid` and an `aria-describedby` naming the hint and the errors.
 */
export function Field({
  label,
  id,
  errors,
  hint,
  hintPlacement = "above",
  required,
  children,
  className,
}: FieldProps) {
  const hintId = `${id}-hint`;
  const { invalid, describedBy } = describeControl(
    id,
    errors,
    children.props["aria-describedby"],
    hint && hintId,
  );

  const hintText = (
    <p id={hintId} className="text-sm text-stone-500">
      {hint}
    </p>
  );

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {hint && hintPlacement === "above" ? hintText : null}
      {cloneElement(children, {
        id,
        "aria-invalid": invalid || children.props["aria-invalid"] || undefined,
        "aria-describedby": describedBy,
        ...(required ? { "aria-required": true } : {}),
      })}
      {hint && hintPlacement === "below" ? hintText : null}
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
