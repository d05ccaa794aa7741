import {
  type FieldMetadata,
  FormProvider,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  type AddressKind,
  addedAddressNameKey,
  addedAddressNumber,
  BANNER_DURATION_MS,
  COMPANY_FORM_RESET_DELAY_MS,
  normalisePhoneInput,
} from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { Alert, Banner, Button, Field, FieldErrors, Fieldset, Input } from "@kassa/ui";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useTimedVisibility } from "~/hooks/use-timed-visibility";
import { translateErrors } from "~/modules/http/form-errors";
import { CompanyAddressFields } from "./company-address-fields";
import {
  addressListName,
  type CompanyAddressValues,
  type CompanyFormValues,
  newAddressValues,
} from "./company-form-values";
import { addAddressIntent, SAVE_COMPANY_INTENT } from "./company-intents";
import type { SelectedCompany } from "./company-view";
import { parseCompanyForm } from "./parse-company-form";

/** A read-only field looks it (A§5: name, organisation number, VAT number). */
const READ_ONLY = "read-only:bg-stone-100 read-only:text-stone-700";

export interface CompanyFormResult {
  result: SubmissionResult<string[]>;
  savedAt: number | null;
  failure: "save" | "forbidden" | null;
}

let documentChecked = false;

/**
 * Whether this page's document was loaded by going Back or Forward (where the browser restores
 * form fields), asked once per document: a later mount (another company chosen in the page) is no
 * restoration.
 */
function cameBackToThisDocument(): boolean {
  if (documentChecked) return false;
  documentChecked = true;
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward";
}

/**
 * The basic tab (A§2, A§5): the company form. Field names are the payload keys, so the post is
 * the update's body. Company name, organisation number and VAT number are always read-only; the
 * rest is editable for admins and super admins; anyone else sees a notice and every field
 * disabled. Every button posts the form (save, add or remove an address), so it works without
 * JavaScript; with it, addresses are added and removed in the page and the 'saved' message goes
 * after 5 s (A§4).
 */
export function CompanyForm({
  company,
  countries,
  marketCountry,
  answer,
}: {
  company: SelectedCompany;
  countries: { code: string; name: string }[];
  /** A§5: a phone number without + gets this country's calling code. */
  marketCountry: string;
  /** The last answer of this form's posts. */
  answer: CompanyFormResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const canEdit = company.canEdit;
  const [form, fields] = useForm<CompanyFormValues>({
    id: "company-form",
    lastResult: answer?.result,
    defaultValue: company.form,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseCompanyForm(formData),
  });
  // A§4: the form starts over with the company's data when the selection or the data changes (the
  // page's `key` mounts it anew), and once more 100 ms later where a browser may have put back
  // what was typed there before: a document it loaded by going Back or Forward. Never otherwise,
  // and not once the person has typed or clicked in it, nor after a post (its answer shows what
  // was sent, with its problems): a re-reset must not take away what someone is doing.
  const startedWithAnswer = useRef(answer !== undefined);
  const formElement = useRef<HTMLFormElement>(null);
  const reset = useRef(form.reset);
  reset.current = form.reset;
  useEffect(() => {
    if (startedWithAnswer.current || !cameBackToThisDocument()) return;
    const timer = setTimeout(() => reset.current(), COMPANY_FORM_RESET_DELAY_MS);
    const cancel = () => clearTimeout(timer);
    const element = formElement.current;
    element?.addEventListener("input", cancel, { once: true });
    element?.addEventListener("pointerdown", cancel, { once: true });
    return () => {
      cancel();
      element?.removeEventListener("input", cancel);
      element?.removeEventListener("pointerdown", cancel);
    };
  }, []);
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_COMPANY_INTENT;
  const savedVisible = useTimedVisibility(answer?.savedAt ?? null, BANNER_DURATION_MS);
  const failureVisible = useTimedVisibility(answer?.failure ? answer : null, BANNER_DURATION_MS);
  const [failureTitle, failureBody] = t("company.saveFailed").split("|");
  // Without JavaScript an address was just added here: its first field gets the focus.
  const added =
    answer?.result.intent?.type === "insert" ? String(answer.result.intent.payload.name) : null;

  const text = (name: "contact_name" | "email" | "invoice_email" | "external_ref") =>
    getInputProps(fields[name], { type: name.endsWith("email") ? "email" : "text" });

  return (
    <FormProvider context={form.context}>
      <Form ref={formElement} method="post" {...getFormProps(form)} className="space-y-6">
        {canEdit ? (
          // Enter in a field saves: a form's first submit button is the one Enter presses, and
          // the address buttons come before the visible Save.
          <button type="submit" name="intent" value={SAVE_COMPANY_INTENT} hidden tabIndex={-1} />
        ) : null}
        <input type="hidden" name="company" value={company.id} />
        {canEdit ? null : <Alert variant="info">{t("company.noPermission")}</Alert>}
        {answer?.savedAt && savedVisible && Object.keys(form.allErrors).length === 0 ? (
          <Banner variant="success" role="status">
            {t("company.saved")}
          </Banner>
        ) : null}
        {answer?.failure && failureVisible ? (
          <Banner variant="error" title={failureTitle}>
            {answer.failure === "forbidden" ? t("company.forbidden") : failureBody}
          </Banner>
        ) : null}
        <FieldErrors id={form.errorId} errors={translateErrors(form.errors, t)} />
        {canEdit ? <p className="text-sm text-stone-600">{t("company.requiredNote")}</p> : null}

        <Fieldset
          legend={t("company.details")}
          description={t("company.readOnlyNote")}
          disabled={!canEdit}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("company.fields.name")}
              id={fields.name.id}
              errors={translateErrors(fields.name.errors, t)}
              required
              className="sm:col-span-2"
            >
              <Input
                {...getInputProps(fields.name, { type: "text" })}
                readOnly
                className={READ_ONLY}
              />
            </Field>
            <Field
              label={t("company.fields.organisationNumber")}
              id={fields.organisation_number.id}
              errors={translateErrors(fields.organisation_number.errors, t)}
            >
              <Input
                {...getInputProps(fields.organisation_number, { type: "text" })}
                readOnly
                className={READ_ONLY}
              />
            </Field>
            <Field
              label={t("company.fields.taxId")}
              id={fields.tax_id_vat_number.id}
              errors={translateErrors(fields.tax_id_vat_number.errors, t)}
            >
              <Input
                {...getInputProps(fields.tax_id_vat_number, { type: "text" })}
                readOnly
                className={READ_ONLY}
              />
            </Field>
            <Field
              label={t("company.fields.contactName")}
              id={fields.contact_name.id}
              errors={translateErrors(fields.contact_name.errors, t)}
              required
            >
              <Input {...text("contact_name")} autoComplete="name" />
            </Field>
            <Field
              label={t("company.fields.phone")}
              id={fields.phone.id}
              errors={translateErrors(fields.phone.errors, t)}
              required
            >
              <Input
                {...getInputProps(fields.phone, { type: "tel" })}
                autoComplete="tel"
                onBlur={(event) => {
                  // A§5: a number without + gets the market country's calling code.
                  const input = event.currentTarget;
                  if (input.value) input.value = normalisePhoneInput(input.value, marketCountry);
                }}
              />
            </Field>
            <Field
              label={t("company.fields.email")}
              id={fields.email.id}
              errors={translateErrors(fields.email.errors, t)}
              required
            >
              <Input {...text("email")} autoComplete="email" />
            </Field>
            <Field
              label={t("company.fields.invoiceEmail")}
              id={fields.invoice_email.id}
              errors={translateErrors(fields.invoice_email.errors, t)}
            >
              <Input {...text("invoice_email")} autoComplete="email" />
            </Field>
            <Field
              label={t("company.fields.externalRef")}
              id={fields.external_ref.id}
              errors={translateErrors(fields.external_ref.errors, t)}
            >
              <Input {...text("external_ref")} />
            </Field>
          </div>
        </Fieldset>

        {(["billing", "shipping"] as const).map((kind) => (
          <AddressList
            key={kind}
            kind={kind}
            list={fields[addressListName(kind)]}
            canEdit={canEdit}
            countries={countries}
            marketCountry={marketCountry}
            justAdded={added === addressListName(kind)}
            insert={(defaultValue) =>
              form.insert({ name: fields[addressListName(kind)].name, defaultValue })
            }
            remove={(index) => form.remove({ name: fields[addressListName(kind)].name, index })}
          />
        ))}

        {canEdit ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value={SAVE_COMPANY_INTENT} busy={saving}>
              {saving ? t("company.saving") : t("company.save")}
            </Button>
          </div>
        ) : null}
      </Form>
    </FormProvider>
  );
}

/**
 * The billing or the shipping addresses (A§4, A§5): each address, and for admins the button that
 * appends an empty, non-default one named 'Billing Address N' / 'Shipping Address N'.
 */
function AddressList({
  kind,
  list,
  canEdit,
  countries,
  marketCountry,
  justAdded,
  insert,
  remove,
}: {
  kind: AddressKind;
  list: FieldMetadata<CompanyAddressValues[]>;
  canEdit: boolean;
  countries: { code: string; name: string }[];
  marketCountry: string;
  justAdded: boolean;
  insert(defaultValue: Partial<CompanyAddressValues>): void;
  remove(index: number): void;
}) {
  const { t } = useTranslation();
  const addresses = list.getFieldList();
  const addButton = useRef<HTMLButtonElement>(null);
  // After an add or a removal in the page, where the focus goes next: the new address's first
  // field, or the list's add button (the removed address's button is gone).
  const focusNext = useRef<"added" | "removed" | null>(null);
  useEffect(() => {
    if (focusNext.current === "added") {
      const last = addresses.at(-1);
      if (last) document.getElementById(last.getFieldset().name.id)?.focus();
    } else if (focusNext.current === "removed") {
      addButton.current?.focus();
    }
    focusNext.current = null;
  }, [addresses]);

  return (
    <Fieldset
      legend={t(kind === "billing" ? "company.billingAddresses" : "company.shippingAddresses")}
      disabled={!canEdit}
      id={`${kind}-addresses`}
    >
      <FieldErrors id={list.id} errors={translateErrors(list.errors, t)} />
      {addresses.map((address, index) => (
        <CompanyAddressFields
          key={address.key}
          kind={kind}
          field={address}
          index={index}
          count={addresses.length}
          canEdit={canEdit}
          countries={countries}
          marketCountry={marketCountry}
          autoFocus={justAdded && index === addresses.length - 1}
          onRemove={(at) => {
            focusNext.current = "removed";
            remove(at);
          }}
        />
      ))}
      {canEdit ? (
        <div>
          <Button
            ref={addButton}
            type="submit"
            name="intent"
            value={addAddressIntent(kind)}
            variant="secondary"
            size="sm"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              focusNext.current = "added";
              const name = t(addedAddressNameKey(kind) as TranslationKey, {
                n: addedAddressNumber(addresses.length),
              });
              insert(newAddressValues(name, marketCountry));
            }}
          >
            {t(kind === "billing" ? "company.addBillingAddress" : "company.addShippingAddress")}
          </Button>
        </div>
      ) : null}
    </Fieldset>
  );
}
