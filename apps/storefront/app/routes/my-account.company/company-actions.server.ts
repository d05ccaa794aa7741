import type { SubmissionResult } from "@conform-to/react";
import {
  type CompaniesClient,
  type CompanyUpdatePayload,
  type CompanyUpdateResult,
  isKassaApiError,
  isUnexpectedError,
} from "@kassa/api-client";
import {
  addedAddressNameKey,
  addedAddressNumber,
  COMPANY_VALIDATION,
  type CompanyViewer,
  canRemoveCompanyAddress,
  companyRightsOf,
  isCountryCode,
  mayRemoveCompanyUser,
  normalisePhoneInput,
} from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { addressListName, newAddressValues } from "~/modules/company/company-form-values";
import type { CompanyIntent } from "~/modules/company/company-intents";
import { parseCompanyForm } from "~/modules/company/parse-company-form";
import { detailsText } from "./company-screen.server";

type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/** What the company form's posts answer (save, add or remove an address). */
export interface CompanyFormActionData {
  kind: "company-form";
  result: SubmissionResult<string[]>;
  /** When the company was saved (A§4: the 'saved' message shows for 5 s). */
  savedAt: number | null;
  /** A§8: the save failed ('Failed to update customer|Please try again.'); or was not allowed. */
  failure: "save" | "forbidden" | null;
}

const CONFORM_FIELDS = ["__intent__", "__state__"];

/**
 * A§5 phone input: a number typed without `+` gets the country's calling code, leading zeros
 * removed. The company's phone takes the market's country; an address's phone its own country.
 * Done before the schema (which falls back to SE) so the page gives the same answer with and
 * without JavaScript, where the browser normalises as the field is left.
 */
export function normalisePhones(formData: FormData, marketCountry: string): void {
  for (const [name, value] of [...formData.entries()]) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name === "phone") {
      formData.set(name, normalisePhoneInput(value, marketCountry));
      continue;
    }
    const address = /^((?:billing|shipping)_addresses\[\d{1,3}\])\.phone$/.exec(name)?.[1];
    if (!address) continue;
    const country = String(formData.get(`${address}.country`) ?? "")
      .trim()
      .toUpperCase();
    formData.set(
      name,
      normalisePhoneInput(value, isCountryCode(country) ? country : marketCountry),
    );
  }
}

/** `billing_addresses.0.city` (the platform's `errors` path) as the form's field name. */
export function fieldNameOfPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

const KEY_OF_TEXT = new Map<string, string>(
  Object.values(COMPANY_VALIDATION).map(({ key, text }) => [text, key]),
);

/**
 * The platform's field errors (`path: text`, the spec's English text of a domain message) as the
 * form's errors: each under its field, as the translation key the form translates.
 */
export function fieldErrorsOf(errors: readonly string[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const entry of errors) {
    const colon = entry.indexOf(": ");
    if (colon <= 0) continue;
    const name = fieldNameOfPath(entry.slice(0, colon).trim());
    const text = entry.slice(colon + 2).trim();
    const message = KEY_OF_TEXT.get(text) ?? text;
    byField[name] = [...(byField[name] ?? []), message];
  }
  return byField;
}

/**
 * Adds or removes an address of the posted form and answers the form as it was typed with that
 * change (no JavaScript; with JavaScript the page does it in the browser). Conform's own list
 * intent does the work, so the form's state (keys, which fields show errors) follows as it would
 * in the browser.
 */
export function changeAddressList(input: {
  formData: FormData;
  intent: Extract<CompanyIntent, { type: "add-address" | "remove-address" }>;
  viewer: CompanyViewer;
  companyId: string;
  t: Translate;
  newAddressCountry: string;
}): { status: number; data: CompanyFormActionData } {
  const { formData, intent, viewer, companyId, t } = input;
  for (const name of CONFORM_FIELDS) formData.delete(name);
  const listName = addressListName(intent.kind);
  const count = new Set(
    [...formData.keys()]
      .map((key) => new RegExp(`^${listName}\\[(\\d{1,3})\\]`).exec(key)?.[1])
      .filter((index): index is string => index !== undefined),
  ).size;
  const allowed =
    companyRightsOf(viewer, companyId).canEdit &&
    (intent.type === "add-address" || canRemoveCompanyAddress(count, true));
  if (allowed) {
    const control =
      intent.type === "add-address"
        ? {
            type: "insert",
            payload: {
              name: listName,
              defaultValue: newAddressValues(
                t(addedAddressNameKey(intent.kind) as TranslationKey, {
                  n: addedAddressNumber(count),
                }),
                input.newAddressCountry,
              ),
            },
          }
        : { type: "remove", payload: { name: listName, index: intent.index } };
    // Booleans are left out: conform posts a ticked box as "on" and an unticked one not at all.
    formData.set(
      "__intent__",
      JSON.stringify(control, (_key, value) => (value === false ? undefined : value)),
    );
  }
  const submission = parseCompanyForm(formData);
  return {
    status: allowed ? 200 : 403,
    data: {
      kind: "company-form",
      result: submission.reply(),
      savedAt: null,
      failure: allowed ? null : "forbidden",
    },
  };
}

/**
 * Saves the company form (A§4, A§5): validated with the form's schema (errors under the fields,
 * 400), then `PUT`. The read-only fields and what the form does not show (custom fields, store
 * groups) are sent as the platform has them, so a save never changes what the form cannot.
 */
export async function saveCompany(input: {
  formData: FormData;
  client: CompaniesClient;
  viewer: CompanyViewer;
  companyId: string;
  marketCountry: string;
}): Promise<{ status: number; data: CompanyFormActionData }> {
  const { formData, client, viewer, companyId } = input;
  for (const name of CONFORM_FIELDS) formData.delete(name);
  normalisePhones(formData, input.marketCountry);
  const submission = parseCompanyForm(formData);
  const answer = (
    status: number,
    result: SubmissionResult<string[]>,
    failure: CompanyFormActionData["failure"],
    savedAt: number | null = null,
  ) => ({ status, data: { kind: "company-form" as const, result, savedAt, failure } });

  if (!companyRightsOf(viewer, companyId).canEdit) {
    return answer(403, submission.reply(), "forbidden");
  }
  if (submission.status !== "success") return answer(400, submission.reply(), null);

  let updated: CompanyUpdateResult;
  try {
    const stored = await client.getCompany(companyId);
    const payload: CompanyUpdatePayload = {
      ...submission.value,
      name: stored.name,
      organisation_number: stored.organisation_number,
      tax_id_vat_number: stored.tax_id_vat_number,
      custom_fields: stored.custom_fields,
      store_groups: stored.store_groups,
    };
    updated = await client.updateCompany(companyId, payload);
  } catch (error) {
    // The company is gone for this user (404), or the platform failed: the save failed (A§8).
    if (!isKassaApiError(error)) throw error;
    return answer(error.status === 404 ? 404 : 502, submission.reply(), "save");
  }
  if (updated.ok) return answer(200, submission.reply({ resetForm: true }), null, Date.now());
  // A§8: the failure message, and the platform's field problems under their fields.
  const fieldErrors = updated.status === 400 ? fieldErrorsOf(updated.errors) : {};
  return answer(
    updated.status === 400 ? 400 : updated.status >= 500 ? 502 : updated.status,
    submission.reply({ fieldErrors }),
    updated.status === 403 ? "forbidden" : "save",
  );
}

/**
 * Removes a user from the company (A§4, A§6): admins and super admins, never oneself, checked here
 * as the platform checks it. Answers `null` on success, else the A§8 message.
 */
export async function removeCompanyUser(input: {
  client: CompaniesClient;
  viewer: CompanyViewer;
  companyId: string;
  userId: string;
  t: Translate;
}): Promise<string | null> {
  const { client, viewer, companyId, userId, t } = input;
  if (!mayRemoveCompanyUser(viewer, companyId, userId)) {
    const reason =
      userId === viewer.id
        ? t("company.serverDetails.cannotRemoveSelf")
        : t("company.serverDetails.unauthorized");
    return t("company.users.removeFailed", { message: reason });
  }
  try {
    const removed = await client.removeCompanyUser(companyId, userId);
    if (removed.success) return null;
    return t("company.users.removeFailed", { message: detailsText(removed.message, t) });
  } catch (error) {
    if (!isKassaApiError(error)) throw error;
    return t("company.users.removeFailed", {
      message: isUnexpectedError(error) ? t("error.generic") : error.message,
    });
  }
}
