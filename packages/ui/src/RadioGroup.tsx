"use client";

import { clsx } from "clsx";
import type { ChangeEvent } from "react";
import { CHOICE_INPUT, choiceLabelClass } from "./choice-control.js";
import { describeControl, FieldErrors } from "./FieldErrors.js";

export interface RadioOption {
  value: string;
  label: string;
  /** Smaller text under the label, named by the radio's `aria-describedby`. */
  description?: string;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** Names the group ("Organisationens typ"). */
  legend: string;
  /** Name of every radio; the form field that is submitted. */
  name: string;
  options: RadioOption[];
  /** The option chosen at first (uncontrolled). */
  defaultValue?: string;
  /** The chosen option (controlled); pair it with `onChange`. */
  value?: string;
  /** Called with the chosen option's value. */
  onChange?(value: string): void;
  /** Messages from the server or from conform; every radio is marked invalid when there are any. */
  errors?: string[];
  /**
   * Prefix of the ids: radio `{id}-{value}`, description `{id}-{value}-description`, error list
   * `{id}-errors`. Default `name`.
   */
  id?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A `<fieldset>` of native radios with a legend, optional descriptions and the error list of
 * `Field` (`<ul id="{id}-errors" role="alert">`). Works in a plain form without JavaScript.
 */
export function RadioGroup({
  legend,
  name,
  options,
  defaultValue,
  value,
  onChange,
  errors,
  id = name,
  required,
  disabled,
  className,
}: RadioGroupProps) {
  const controlled = value !== undefined;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange?.(event.currentTarget.value);
  }

  return (
    <fieldset disabled={disabled} className={clsx("flex min-w-0 flex-col gap-2", className)}>
      <legend className="mb-2 text-sm font-medium text-stone-900">{legend}</legend>
      <div className="flex flex-col gap-1">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const descriptionId = `${optionId}-description`;
          const { invalid, describedBy } = describeControl(
            id,
            errors,
            Boolean(option.description) && descriptionId,
          );
          return (
            <div key={option.value} className="flex items-start gap-3 py-2.5">
              <span className="flex h-6 shrink-0 items-center">
                <input
                  type="radio"
                  id={optionId}
                  name={name}
                  value={option.value}
                  {...(controlled
                    ? { checked: option.value === value }
                    : { defaultChecked: option.value === defaultValue })}
                  onChange={handleChange}
                  required={required}
                  disabled={option.disabled}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  className={CHOICE_INPUT}
                />
              </span>
              <div className="flex min-w-0 flex-col gap-0.5">
                <label htmlFor={optionId} className={choiceLabelClass(option.disabled || disabled)}>
                  {option.label}
                </label>
                {option.description ? (
                  <p id={descriptionId} className="text-sm text-stone-500">
                    {option.description}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <FieldErrors id={id} errors={errors} />
    </fieldset>
  );
}
