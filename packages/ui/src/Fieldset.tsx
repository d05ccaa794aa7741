import { clsx } from "clsx";
import { type ReactNode, useId } from "react";

export interface FieldsetProps {
  /** The section's heading ("Kontaktperson", "Företagsuppgifter", "Faktureringsadress"). */
  legend: string;
  /** Text under the legend, named by the fieldset's `aria-describedby`. */
  description?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /**
   * Hides the section (the `hidden` attribute), as for the shipping address while "same as
   * billing" is ticked. Hidden fields are still submitted; add `disabled` to leave them out.
   */
  hidden?: boolean;
  /** Disables every control inside; disabled fields are not submitted. */
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * One section of a long form (A§2 signup: contact person, company, billing address, shipping
 * address): a native `<fieldset>` drawn as a card, its `<legend>` as the heading.
 */
export function Fieldset({
  legend,
  description,
  children,
  hidden,
  disabled,
  id,
  className,
}: FieldsetProps) {
  const descriptionId = useId();
  return (
    <fieldset
      id={id}
      hidden={hidden}
      disabled={disabled}
      aria-describedby={description ? descriptionId : undefined}
      className={clsx("min-w-0 rounded-lg border border-stone-200 bg-white p-6", className)}
    >
      {/* Floated so the legend sits inside the card rather than on its border. */}
      <legend className="float-left w-full text-lg font-semibold text-stone-900">{legend}</legend>
      {description ? (
        <div id={descriptionId} className="clear-both pt-1 text-sm text-stone-600">
          {description}
        </div>
      ) : null}
      <div className="clear-both flex flex-col gap-4 pt-4">{children}</div>
    </fieldset>
  );
}
