import { clsx } from "clsx";

export interface FieldErrorsProps {
  /** Id of the control the errors belong to; the list's own id is `{id}-errors`. */
  id: string;
  /** Messages from the server or from conform; empty ones are skipped. */
  errors?: string[];
  className?: string;
}

/** The id of the error list of the control `id`. */
export function fieldErrorsId(id: string): string {
  return `${id}-errors`;
}

function messagesOf(errors: string[] | undefined): string[] {
  return errors?.filter(Boolean) ?? [];
}

/**
 * What a control with an error list sets on itself: whether it is invalid (any message), and its
 * `aria-describedby`, the ids given (its own, a hint, a description) followed by the error list's.
 *
 * conform's `getInputProps` points an invalid control at `{id}-error`, an element this package
 * does not render (its list is `{id}-errors`): that reference is dropped rather than left naming
 * nothing, and each id is named once.
 */
export function describeControl(
  id: string,
  errors: string[] | undefined,
  ...describedBy: Array<string | false | undefined>
): { invalid: boolean; describedBy: string | undefined } {
  const invalid = messagesOf(errors).length > 0;
  const given = describedBy.flatMap((ids) => (ids ? ids.split(/\s+/) : []));
  const ids = new Set(
    [...given, invalid && fieldErrorsId(id)].filter(
      (name): name is string => Boolean(name) && name !== `${id}-error`,
    ),
  );
  return { invalid, describedBy: ids.size > 0 ? [...ids].join(" ") : undefined };
}

/**
 * The error list of a form control, the same under every control of the package (`Field`,
 * `Checkbox`, `RadioGroup`): `<div id="{id}-errors" role="alert">` around a list with one item
 * per message, or nothing when there are none. Name it in the control's `aria-describedby`. The
 * alert is a wrapper, not the `<ul>` itself: a list given another role is no list, and its items
 * would be list items outside one (axe `listitem`).
 */
export function FieldErrors({ id, errors, className }: FieldErrorsProps) {
  const messages = messagesOf(errors);
  if (messages.length === 0) return null;
  return (
    <div id={fieldErrorsId(id)} role="alert" className={clsx("text-sm text-red-700", className)}>
      <ul className="flex flex-col gap-1">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
