import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import {
  createDeleteAccountSchema,
  createSignupSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  organisationNumberSchema,
  profileSchema,
  resetPasswordSchema,
  type SignupForm,
} from "./account-schemas.js";

/** The messages of a failed parse, by field path in conform's dotted form. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected the parse to fail: ${JSON.stringify(result.data)}`);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const consumerSignup = createSignupSchema({ organisationSignup: false });
const organisationSignup = createSignupSchema({ organisationSignup: true });

const billing = {
  street_address: "Storgatan 1",
  city: "Stockholm",
  postal_code: "111 22",
  country: "SE",
};

/** A complete signup post, as conform hands it to the schema (strings, "on" for ticked boxes). */
function signupPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: "Ada",
    last_name: "Lind",
    email: " Ada.Lind@Example.SE ",
    password: "hemligt123",
    confirmPassword: "hemligt123",
    phone_number: "070-123 45 67",
    billing_address: [billing],
    same_as_billing: "on",
    terms_accepted: "on",
    ...overrides,
  };
}

const companyPost = (organisation: Record<string, unknown> = {}, overrides = {}) =>
  signupPost({
    account_type: "company",
    organisation: { name: "Lind AB", organisation_number: "556677-8899", ...organisation },
    ...overrides,
  });

describe("createSignupSchema: the user", () => {
  it("accepts a complete form with the A§3 defaults", () => {
    expect(consumerSignup.parse(signupPost())).toEqual({
      first_name: "Ada",
      last_name: "Lind",
      email: "ada.lind@example.se",
      password: "hemligt123",
      confirmPassword: "hemligt123",
      phone_number: "+46701234567",
      country_code: "SE",
      allow_email_notifications: false,
      allow_phone_notifications: false,
      allow_postal_notifications: false,
      billing_address: [billing],
      same_as_billing: true,
      shipping_address: [billing],
      terms_accepted: true,
      account_type: "consumer",
    });
  });

  it("reports every required field with its own key", () => {
    expect(errorsOf(consumerSignup, {})).toEqual({
      first_name: [M.accountFirstNameRequired],
      last_name: [M.accountLastNameRequired],
      email: [M.accountEmailRequired],
      password: [M.accountPasswordRequired],
      confirmPassword: [M.accountPasswordRequired],
      phone_number: [M.accountPhoneRequired],
      "billing_address.0.street_address": [M.accountStreetRequired],
      "billing_address.0.city": [M.accountCityRequired],
      "billing_address.0.postal_code": [M.accountPostalCodeRequired],
      "shipping_address.0.street_address": [M.accountStreetRequired],
      "shipping_address.0.city": [M.accountCityRequired],
      "shipping_address.0.postal_code": [M.accountPostalCodeRequired],
      terms_accepted: [M.accountTermsRequired],
    });
  });

  it("treats blank text as missing", () => {
    expect(
      errorsOf(consumerSignup, signupPost({ first_name: " ", last_name: "", email: "  " })),
    ).toEqual({
      first_name: [M.accountFirstNameRequired],
      last_name: [M.accountLastNameRequired],
      email: [M.accountEmailRequired],
    });
  });

  it("refuses an email that is not one", () => {
    expect(errorsOf(consumerSignup, signupPost({ email: "ada@" }))).toEqual({
      email: [M.accountEmailInvalid],
    });
  });

  it("needs 10 characters and a digit (both reported), not a special character", () => {
    expect(
      errorsOf(consumerSignup, signupPost({ password: "kort", confirmPassword: "kort" })),
    ).toEqual({ password: [M.accountPasswordMin, M.accountPasswordDigit] });
    expect(
      errorsOf(
        consumerSignup,
        signupPost({ password: "hemligtlosen", confirmPassword: "hemligtlosen" }),
      ),
    ).toEqual({ password: [M.accountPasswordDigit] });
    expect(
      consumerSignup.parse(signupPost({ password: "abcdefghi1", confirmPassword: "abcdefghi1" }))
        .password,
    ).toBe("abcdefghi1");
  });

  it("reports a different confirmation on confirmPassword, even while other fields are invalid", () => {
    expect(errorsOf(consumerSignup, signupPost({ confirmPassword: "hemligt124" }))).toEqual({
      confirmPassword: [M.accountConfirmPasswordMismatch],
    });
    expect(
      errorsOf(
        consumerSignup,
        signupPost({ first_name: "", password: "kort", confirmPassword: "annat" }),
      ),
    ).toEqual({
      first_name: [M.accountFirstNameRequired],
      password: [M.accountPasswordMin, M.accountPasswordDigit],
      confirmPassword: [M.accountConfirmPasswordMismatch],
    });
  });

  it("normalises the phone number with the form's country before validating", () => {
    expect(
      consumerSignup.parse(signupPost({ phone_number: "0046 70 123 45 67" })).phone_number,
    ).toBe("+46701234567");
    expect(
      consumerSignup.parse(signupPost({ phone_number: "040 123 4567", country_code: "fi" })),
    ).toMatchObject({ phone_number: "+358401234567", country_code: "FI" });
    expect(
      consumerSignup.parse(signupPost({ phone_number: "+358 40 123 4567" })).phone_number,
    ).toBe("+358401234567");
  });

  it("refuses a phone number that is not one", () => {
    expect(errorsOf(consumerSignup, signupPost({ phone_number: "ring mig" }))).toEqual({
      phone_number: [M.accountPhoneMustStartWithPlus],
    });
    expect(errorsOf(consumerSignup, signupPost({ phone_number: "070 12" }))).toEqual({
      phone_number: [M.accountPhoneInvalid],
    });
    expect(errorsOf(consumerSignup, signupPost({ phone_number: " " }))).toEqual({
      phone_number: [M.accountPhoneRequired],
    });
  });

  it("neither asks for nor reads the phone when the form does not show it (A§2)", () => {
    const withoutPhone = createSignupSchema({ organisationSignup: true, phoneNumber: false });
    const form = withoutPhone.parse(signupPost({ phone_number: "not a number" }));
    expect(form.phone_number).toBeUndefined();
    expect(withoutPhone.safeParse(signupPost({ phone_number: undefined })).success).toBe(true);
    // The organisation phone stays optional and takes no default then.
    expect(withoutPhone.parse(companyPost()).organisation?.phone).toBeUndefined();
  });

  it("takes a two-letter country code, default SE", () => {
    expect(consumerSignup.parse(signupPost({ country_code: "" })).country_code).toBe("SE");
    expect(errorsOf(consumerSignup, signupPost({ country_code: "Sverige" }))).toEqual({
      country_code: [M.invalid],
    });
  });

  it("reads the notification checkboxes", () => {
    expect(
      consumerSignup.parse(
        signupPost({
          allow_email_notifications: "on",
          allow_phone_notifications: "true",
          allow_postal_notifications: true,
        }),
      ),
    ).toMatchObject({
      allow_email_notifications: true,
      allow_phone_notifications: true,
      allow_postal_notifications: true,
    });
  });

  it("requires the privacy policy to be accepted", () => {
    expect(errorsOf(consumerSignup, signupPost({ terms_accepted: undefined }))).toEqual({
      terms_accepted: [M.accountTermsRequired],
    });
    expect(errorsOf(consumerSignup, signupPost({ terms_accepted: "false" }))).toEqual({
      terms_accepted: [M.accountTermsRequired],
    });
  });
});

describe("createSignupSchema: addresses", () => {
  it("reports each address field with its own key", () => {
    expect(
      errorsOf(
        consumerSignup,
        signupPost({
          billing_address: [{ street_address: "", city: " ", country: "Sweden" }],
          same_as_billing: undefined,
          shipping_address: [{ ...billing, postal_code: "" }],
        }),
      ),
    ).toEqual({
      "billing_address.0.street_address": [M.accountStreetRequired],
      "billing_address.0.city": [M.accountCityRequired],
      "billing_address.0.postal_code": [M.accountPostalCodeRequired],
      "billing_address.0.country": [M.accountCountryRequired],
      "shipping_address.0.postal_code": [M.accountPostalCodeRequired],
    });
  });

  it("defaults the country to SE and keeps a c/o address", () => {
    const form = consumerSignup.parse(
      signupPost({
        billing_address: [{ ...billing, country: "", co_address: " c/o Berg " }],
      }),
    );
    expect(form.billing_address).toEqual([{ ...billing, country: "SE", co_address: "c/o Berg" }]);
  });

  it("copies billing to shipping when same as billing, ignoring the hidden shipping fields", () => {
    const form = consumerSignup.parse(
      signupPost({ shipping_address: [{ street_address: "" }], same_as_billing: "on" }),
    );
    expect(form.shipping_address).toEqual([billing]);
  });

  it("requires the shipping address otherwise", () => {
    const shipping = { street_address: "Lillgatan 2", city: "Uppsala", postal_code: "753 10" };
    expect(
      consumerSignup.parse(signupPost({ same_as_billing: undefined, shipping_address: [shipping] }))
        .shipping_address,
    ).toEqual([{ ...shipping, country: "SE" }]);
    expect(errorsOf(consumerSignup, signupPost({ same_as_billing: undefined }))).toEqual({
      "shipping_address.0.street_address": [M.accountStreetRequired],
      "shipping_address.0.city": [M.accountCityRequired],
      "shipping_address.0.postal_code": [M.accountPostalCodeRequired],
    });
  });

  it("takes exactly one address per list", () => {
    expect(errorsOf(consumerSignup, signupPost({ billing_address: [billing, billing] }))).toEqual({
      billing_address: [M.invalid],
      shipping_address: [M.invalid],
    });
  });
});

describe("createSignupSchema: organisation", () => {
  it("is ignored when organisation signup is off", () => {
    const form = consumerSignup.parse(companyPost());
    expect(form.account_type).toBe("consumer");
    expect(form.organisation).toBeUndefined();
  });

  it("is ignored for a consumer account", () => {
    const form = organisationSignup.parse(signupPost({ organisation: { name: "Lind AB" } }));
    expect(form.account_type).toBe("consumer");
    expect(form.organisation).toBeUndefined();
  });

  it("fills the A§4 defaults: cleaned number, VAT number, email and phone from the user", () => {
    const form = organisationSignup.parse(companyPost());
    expect(form.account_type).toBe("company");
    expect(form.organisation).toEqual({
      name: "Lind AB",
      organisation_number: "5566778899",
      tax_id_vat_number: "SE556677889901",
      email: "ada.lind@example.se",
      invoice_email: "ada.lind@example.se",
      phone: "+46701234567",
    });
  });

  it("fills the defaults the form left empty without JavaScript, until edited (A§4)", () => {
    // A post without JavaScript: the organisation's email, invoice email and phone came empty.
    const noScript = organisationSignup.parse(
      companyPost({ email: "", invoice_email: "", phone: "", tax_id_vat_number: "" }),
    );
    expect(noScript.organisation).toMatchObject({
      tax_id_vat_number: "SE556677889901",
      email: "ada.lind@example.se",
      invoice_email: "ada.lind@example.se",
      phone: "+46701234567",
    });
    // With JavaScript the form names the fields the person emptied by hand: they stay empty.
    const emptied = organisationSignup.parse(
      companyPost({ invoice_email: "", phone: "", edited_fields: "invoice_email,phone" }),
    );
    expect(emptied.organisation?.invoice_email).toBeUndefined();
    expect(emptied.organisation?.phone).toBeUndefined();
    expect(emptied.organisation?.email).toBe("ada.lind@example.se");
    expect(emptied.organisation).not.toHaveProperty("edited_fields");
    // A required field emptied by hand is reported, as the form shows it.
    expect(
      errorsOf(
        organisationSignup,
        companyPost({ email: "", tax_id_vat_number: "", edited_fields: "email,tax_id_vat_number" }),
      ),
    ).toEqual({
      "organisation.email": [M.accountOrganisationEmailRequired],
      "organisation.tax_id_vat_number": [M.accountTaxIdRequired],
    });
  });

  it("fills a Finnish VAT number from a Finnish billing address", () => {
    const form = organisationSignup.parse(
      companyPost(
        { organisation_number: "1234567-8" },
        { billing_address: [{ ...billing, country: "FI" }] },
      ),
    );
    expect(form.organisation?.tax_id_vat_number).toBe("FI12345678");
  });

  it("keeps what was typed", () => {
    const form = organisationSignup.parse(
      companyPost({
        tax_id_vat_number: "SE000000000001",
        email: "Faktura@Lind.se",
        invoice_email: "Invoice@Lind.se",
        phone: "08-123 456 78",
        attribute: "attr-1",
      }),
    );
    expect(form.organisation).toEqual({
      name: "Lind AB",
      organisation_number: "5566778899",
      tax_id_vat_number: "SE000000000001",
      email: "faktura@lind.se",
      invoice_email: "invoice@lind.se",
      phone: "+46812345678",
      attribute: "attr-1",
    });
  });

  it("treats an emptied invoice email and an empty attribute as not given", () => {
    const form = organisationSignup.parse(
      companyPost({ invoice_email: "", attribute: " ", edited_fields: "invoice_email" }),
    );
    expect(form.organisation?.invoice_email).toBeUndefined();
    expect(form.organisation?.attribute).toBeUndefined();
  });

  it("reports the organisation fields with their own keys", () => {
    expect(
      errorsOf(
        organisationSignup,
        companyPost(
          { name: " ", organisation_number: " - ", email: "faktura@", invoice_email: "x" },
          { billing_address: [{ ...billing, country: "NO" }] },
        ),
      ),
    ).toEqual({
      "organisation.name": [M.accountOrganisationNameRequired],
      "organisation.organisation_number": [M.accountOrganisationNumberRequired],
      "organisation.tax_id_vat_number": [M.accountTaxIdRequired],
      "organisation.email": [M.accountOrganisationEmailInvalid],
      "organisation.invoice_email": [M.accountInvoiceEmailInvalid],
    });
  });

  it("requires the section when the account is a company", () => {
    expect(
      errorsOf(organisationSignup, signupPost({ account_type: "company", email: "" })),
    ).toEqual({
      email: [M.accountEmailRequired],
      "organisation.name": [M.accountOrganisationNameRequired],
      "organisation.organisation_number": [M.accountOrganisationNumberRequired],
      "organisation.tax_id_vat_number": [M.accountTaxIdRequired],
      "organisation.email": [M.accountOrganisationEmailRequired],
    });
  });

  it("validates a typed organisation phone, and skips an invalid user phone as default", () => {
    expect(errorsOf(organisationSignup, companyPost({ phone: "070" }))).toEqual({
      "organisation.phone": [M.accountPhoneInvalid],
    });
    expect(errorsOf(organisationSignup, companyPost({ phone: "växeln" }))).toEqual({
      "organisation.phone": [M.accountPhoneMustStartWithPlus],
    });
    expect(errorsOf(organisationSignup, companyPost({}, { phone_number: "070" }))).toEqual({
      phone_number: [M.accountPhoneInvalid],
    });
  });

  it("refuses an unknown account type", () => {
    expect(errorsOf(organisationSignup, signupPost({ account_type: "agent" }))).toEqual({
      account_type: [M.invalid],
    });
  });

  it("infers the form type", () => {
    expectTypeOf<SignupForm["organisation"]>().toEqualTypeOf<
      | {
          name: string;
          organisation_number: string;
          tax_id_vat_number: string;
          email: string;
          invoice_email?: string | undefined;
          phone?: string | undefined;
          external_ref?: string | undefined;
          attribute?: string | undefined;
        }
      | undefined
    >();
    expectTypeOf<SignupForm["account_type"]>().toEqualTypeOf<"consumer" | "company">();
  });
});

describe("organisationNumberSchema", () => {
  it("refuses a number with its hyphen, and an empty one", () => {
    expect(organisationNumberSchema.parse(" 5566778899 ")).toBe("5566778899");
    expect(organisationNumberSchema.safeParse("556677-8899").error?.issues).toMatchObject([
      { message: M.accountOrganisationNumberNoHyphens },
    ]);
    expect(organisationNumberSchema.safeParse("").error?.issues).toMatchObject([
      { message: M.accountOrganisationNumberRequired },
    ]);
  });

  it("refuses other characters than letters and digits, as the platform does", () => {
    for (const number of ["556677.8899", "556677 8899", "5566/778899"]) {
      expect(organisationNumberSchema.safeParse(number).error?.issues, number).toMatchObject([
        { message: M.invalid },
      ]);
    }
  });
});

describe("loginSchema", () => {
  it("accepts an email and a password of 10 characters", () => {
    expect(
      loginSchema.parse({ email: " Ada@Example.se", password: "tiotecken!", redirectTo: "/cart" }),
    ).toEqual({ email: "ada@example.se", password: "tiotecken!", redirectTo: "/cart" });
  });

  it("reports its fields", () => {
    expect(errorsOf(loginSchema, {})).toEqual({
      email: [M.accountEmailRequired],
      password: [M.accountPasswordRequired],
    });
    expect(errorsOf(loginSchema, { email: "ada", password: "kort" })).toEqual({
      email: [M.accountEmailInvalid],
      password: [M.accountPasswordMin],
    });
    expect(
      errorsOf(loginSchema, { email: "a@b.se", password: "tiotecken!", redirectTo: "//evil" }),
    ).toEqual({ redirectTo: [M.invalid] });
  });
});

describe("forgotPasswordSchema", () => {
  it("takes a valid email", () => {
    expect(forgotPasswordSchema.parse({ email: "ADA@example.se" })).toEqual({
      email: "ada@example.se",
    });
    expect(errorsOf(forgotPasswordSchema, { email: "" })).toEqual({
      email: [M.accountEmailRequired],
    });
    expect(errorsOf(forgotPasswordSchema, { email: "ada.example.se" })).toEqual({
      email: [M.accountEmailInvalid],
    });
  });
});

describe("the password length, as the platform counts it", () => {
  // 5 emoji and 4 digits: 9 characters, though JavaScript's `length` says 14. The platform refuses
  // it (apps/platform test/account-signup.test.ts), so the forms must too.
  const emoji = "😀😀😀😀😀1234";

  it("refuses '😀😀😀😀😀1234' at signup, at reset and at login", () => {
    expect(
      errorsOf(consumerSignup, signupPost({ password: emoji, confirmPassword: emoji })),
    ).toEqual({ password: [M.accountPasswordMin] });
    expect(
      errorsOf(resetPasswordSchema, { password: emoji, confirmPassword: emoji, token: "t" }),
    ).toEqual({ password: [M.accountPasswordMin] });
    expect(errorsOf(loginSchema, { email: "a@b.se", password: emoji })).toEqual({
      password: [M.accountPasswordMin],
    });
  });

  it("takes ten of them", () => {
    const ten = "😀😀😀😀😀12345";
    expect(resetPasswordSchema.parse({ password: ten, confirmPassword: ten, token: "t" })).toEqual({
      password: ten,
      confirmPassword: ten,
      token: "t",
    });
  });
});

describe("resetPasswordSchema", () => {
  it("accepts a new password, its confirmation and the token", () => {
    expect(
      resetPasswordSchema.parse({
        password: "nyttlosen1",
        confirmPassword: "nyttlosen1",
        token: " tok ",
      }),
    ).toEqual({ password: "nyttlosen1", confirmPassword: "nyttlosen1", token: "tok" });
  });

  it("reports its fields; the mismatch on the confirmation", () => {
    expect(errorsOf(resetPasswordSchema, {})).toEqual({
      password: [M.accountPasswordRequired],
      confirmPassword: [M.accountPasswordRequired],
      token: [M.accountTokenRequired],
    });
    expect(
      errorsOf(resetPasswordSchema, {
        password: "nyttlosenord",
        confirmPassword: "x",
        token: "t",
      }),
    ).toEqual({
      password: [M.accountPasswordDigit],
      confirmPassword: [M.accountConfirmPasswordMismatch],
    });
  });
});

describe("newPasswordSchema", () => {
  it("is the set-new-password form without the token: the page never holds it (ADR 0050)", () => {
    expect(
      newPasswordSchema.parse({ password: "nyttlosen1", confirmPassword: "nyttlosen1" }),
    ).toEqual({ password: "nyttlosen1", confirmPassword: "nyttlosen1" });
    expect(errorsOf(newPasswordSchema, { password: "nyttlosen1", confirmPassword: "x" })).toEqual({
      confirmPassword: [M.accountConfirmPasswordMismatch],
    });
    expect(errorsOf(newPasswordSchema, {})).toEqual({
      password: [M.accountPasswordRequired],
      confirmPassword: [M.accountPasswordRequired],
    });
  });
});

describe("profileSchema", () => {
  it("takes every field as optional; no email", () => {
    expect(profileSchema.parse({ email: "other@example.se" })).toEqual({
      allow_email: false,
      allow_sms: false,
      allow_postal: false,
    });
  });

  it("reads names, address, preferences and a normalised phone", () => {
    expect(
      profileSchema.parse({
        first_name: " Ada ",
        last_name: "Lind",
        phone_number: "040 123 4567",
        country_code: "FI",
        address: { street: "Storgatan 1", zip_code: "111 22", city: "" },
        allow_email: "on",
        allow_sms: "on",
      }),
    ).toEqual({
      first_name: "Ada",
      last_name: "Lind",
      phone_number: "+358401234567",
      country_code: "FI",
      address: { street: "Storgatan 1", zip_code: "111 22" },
      allow_email: true,
      allow_sms: true,
      allow_postal: false,
    });
    expect(profileSchema.parse({ phone_number: "" }).phone_number).toBeUndefined();
  });

  it("refuses a phone number that is not valid", () => {
    expect(errorsOf(profileSchema, { phone_number: "070" })).toEqual({
      phone_number: [M.accountPhoneInvalid],
    });
    expect(errorsOf(profileSchema, { phone_number: "hem" })).toEqual({
      phone_number: [M.accountPhoneMustStartWithPlus],
    });
  });
});

describe("createDeleteAccountSchema", () => {
  const schema = createDeleteAccountSchema("RADERA");

  it("accepts the keyword in any case", () => {
    expect(schema.parse({ confirmation: "radera" })).toEqual({ confirmation: "radera" });
  });

  it("refuses anything else", () => {
    expect(errorsOf(schema, { confirmation: "rader" })).toEqual({
      confirmation: [M.accountDeleteConfirmationMismatch],
    });
    expect(errorsOf(schema, {})).toEqual({ confirmation: [M.accountDeleteConfirmationMismatch] });
  });
});

describe("VALIDATION_MESSAGES", () => {
  it("lists every account key under validation.account", () => {
    const accountKeys = Object.values(M).filter((key) => key.startsWith("validation.account."));
    expect(accountKeys).toHaveLength(25);
    expect(new Set(accountKeys).size).toBe(25);
  });
});
