import { clsx } from "clsx";
import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";

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
  const errorsId = `${id}-errors`;
  const messages = errors?.filter(Boolean) ?? [];
  const invalid = messages.length > 0;
  const describedBy = [
    props["aria-describedby"],
    description ? descriptionId : undefined,
    invalid ? errorsId : undefined,
  ]
    .filter(Boolean)
    .join(" ");

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
            aria-describedby={describedBy || undefined}
            className={clsx(
              "size-5 cursor-pointer accent-emerald-700",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700",
              "disabled:cursor-not-allowed disabled:opacity-50",
              "aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-600",
            )}
          />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <label
            htmlFor={id}
            className={clsx(
              "text-base leading-6 text-stone-900 [&_a]:font-medium [&_a]:text-emerald-800 [&_a]:underline",
              props.disabled ? "cursor-not-allowed text-stone-500" : "cursor-pointer",
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
      {invalid ? (
        <ul id={errorsId} role="alert" className="flex flex-col gap-1 text-sm text-red-700">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
