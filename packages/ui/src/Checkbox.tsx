import { clsx } from "clsx";
import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { CHOICE_INPUT, choiceLabelClass } from "./choice-control.js";
import { describeControl, FieldErrors } from "./FieldErrors.js";

export interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name" | "children"> {
  /** Id of the checkbox; the description is `{id}-description`, the error list `{id}-errors`. */
  id: string;
  name: string;
  /** The label; may hold a link, as in "Jag godkänner <a>integritetspolicyn</a>". */
  label: ReactNode;
  /** Default `"on"` (the browser's), as for every native checkbox. */
  value?: string;
  /** Messages from the server or from conform; the checkbox is marked invalid when there are any. */
  errors?: string[];
  /** Smaller text under the label, named by `aria-describedby`. */
  description?: ReactNode;
  className?: string;
}

/**
 * A native checkbox with its label, an optional description and the error list of `Field`
 * (`<ul id="{id}-errors" role="alert">`, `aria-invalid`, `aria-describedby`). Takes every
 * native prop (`checked`/`onChange` or `defaultChecked`, `required`, `form`) and forwards its
 * ref. Submitted as `name=value` when ticked, so it works in a plain form.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { id, label, errors, description, className, ...props },
  ref,
) {
  const descriptionId = `${id}-description`;
  const { invalid, describedBy } = describeControl(
    id,
    errors,
    props["aria-describedby"],
    Boolean(description) && descriptionId,
  );

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <div className="flex items-start gap-3">
        <span className="flex h-6 shrink-0 items-center">
          <input
            ref={ref}
            {...props}
            id={id}
            type="checkbox"
            aria-invalid={invalid || props["aria-invalid"] || undefined}
            aria-describedby={describedBy}
            className={clsx(
              CHOICE_INPUT,
              "aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-600",
            )}
          />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <label
            htmlFor={id}
            className={choiceLabelClass(
              props.disabled,
              "[&_a]:font-medium [&_a]:text-emerald-800 [&_a]:underline",
            )}
          >
            {label}
          </label>
          {description ? (
            <div id={descriptionId} className="text-sm text-stone-500">
              {description}
            </div>
          ) : null}
        </div>
      </div>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
});
