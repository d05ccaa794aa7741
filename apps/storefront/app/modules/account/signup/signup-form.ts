import type { FormMetadata } from "@conform-to/react";
import { normalisePhoneInput, type SignupForm } from "@kassa/domain";

/**
 * What the sections of the signup form (A§2) share: the fields conform's `useForm` gives the
 * route, each section taking the ones it shows, and the phone numbers' normalisation.
 */
export type SignupFields = ReturnType<FormMetadata<SignupForm>["getFieldset"]>;

/**
 * A§5: on leaving a phone field, a number without `+` gets `country`'s calling code (leading
 * zeros dropped). Answers the field's value afterwards.
 */
export function normalisePhoneField(input: HTMLInputElement, country: string): string {
  const { value } = input;
  if (value) input.value = normalisePhoneInput(value, country);
  return input.value;
}
