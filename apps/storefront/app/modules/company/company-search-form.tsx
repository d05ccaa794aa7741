import { COMPANY_SEARCH_DEBOUNCE_MS } from "@kassa/domain";
import { Button, Field, Input } from "@kassa/ui";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useDebouncedSubmit } from "~/hooks/use-debounced-submit";

/**
 * A search of the company screen (A§4: the super admin's company search, the users tab's
 * search): a GET form with its own button, so it works without JavaScript; with it, the form
 * submits 300 ms after the last key. A new search starts on the first page (no page field).
 */
export function CompanySearchForm({
  id,
  name,
  value,
  label,
  hint,
  submitLabel,
  hiddenFields,
  clear,
}: {
  id: string;
  /** The query parameter (`q`, `users_q`). */
  name: string;
  value: string;
  label: string;
  hint: string;
  submitLabel: string;
  /** The rest of the screen's state, kept by the search. */
  hiddenFields: Record<string, string | undefined>;
  /** A link that clears the search, shown while one is active. */
  clear: { href: string; label: string };
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitLater = useDebouncedSubmit();

  // The box is uncontrolled (typing must not wait for the page); when the search changes by a
  // link (Clear), show the new one, unless the person is typing in it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = value;
  }, [value]);

  return (
    <Form
      method="get"
      ref={formRef}
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
    >
      {Object.entries(hiddenFields).map(([field, fieldValue]) =>
        fieldValue ? <input key={field} type="hidden" name={field} value={fieldValue} /> : null,
      )}
      <Field label={label} id={id} hint={hint} className="min-w-0 flex-1 basis-56">
        <Input
          ref={inputRef}
          type="search"
          name={name}
          defaultValue={value}
          autoComplete="off"
          maxLength={100}
          onChange={() => submitLater(formRef.current, COMPANY_SEARCH_DEBOUNCE_MS)}
        />
      </Field>
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
      {value ? (
        <Link
          to={clear.href}
          className="inline-flex min-h-12 items-center text-sm font-medium text-emerald-800 underline underline-offset-4"
        >
          {clear.label}
        </Link>
      ) : null}
    </Form>
  );
}
