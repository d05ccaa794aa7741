/**
 * The requests half of the wire contract. Replies need no check here: each is typed, where it is
 * built, with the wire shape of `@kassa/api-client`, so a reply that drifts from the wire does not
 * compile. Request bodies are different: the platform validates them with its own zod schemas
 * (limits, defaults, messages), which name the payload keys a second time. This file ties each
 * schema to the payload type the client sends, by keys, and `pnpm typecheck` checks it:
 *
 * - every key a client may send is a key the schema reads (a key it does not know is dropped
 *   silently, so a rename on one side would lose the field);
 * - every key the schema requires is one the client always sends.
 *
 * Value types are not compared: a `string` on the wire may well be an enum on the server.
 * The runtime test below only keeps vitest from reporting an empty file.
 */
import type {
  AddItemInput,
  CategoriesQuery,
  ChangeItemVariantInput,
  CompanyAddressInput,
  CompanyFilesQuery,
  CompanyListQuery,
  CompanyMediaUpdatePayload,
  CompanyMediaUploadPayload,
  CompanyUpdatePayload,
  CompanyUserListQuery,
  LoginPayload,
  MarketingContactQuery,
  NewsletterSubscribePayload,
  NewsletterTokenPayload,
  OrganisationSignupPayload,
  ProductBySlugQuery,
  ProductsByCategoryIdQuery,
  ProductsByCategoryUriQuery,
  ProductsByIdsQuery,
  ProductsBySkuQuery,
  ProductsByTagQuery,
  RefreshTokenPayload,
  ResetLinkPayload,
  ResetPasswordPayload,
  SessionAttributes,
  SignupPayload,
  StartSessionInput,
  UpdateUserPayload,
  VerifyEmailPayload,
  VerifyLinkPayload,
  WishlistEntryPayload,
  WishlistMergePayload,
} from "@kassa/api-client";
import type { companyAddressSchema, companyFormSchema } from "@kassa/domain";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type {
  verifyEmailBody,
  verifyLinkBody,
} from "../src/modules/accounts/email-verification.js";
import type { loginBody } from "../src/modules/accounts/login.js";
import type { resetLinkBody, resetPasswordBody } from "../src/modules/accounts/password-reset.js";
import type { updateUserBody } from "../src/modules/accounts/profile.js";
import type { signupBody } from "../src/modules/accounts/signup.js";
import type { refreshTokenBody } from "../src/modules/accounts/token-refresh.js";
import type {
  byCategoryIdBody,
  byCategoryUriBody,
  byIdsBody,
  bySkuBody,
  bySlugBody,
  byTagBody,
  categoriesBody,
} from "../src/modules/catalogue/routes.js";
import type {
  companyPageQuery,
  companyUsersQuery,
} from "../src/modules/companies/company-paging.js";
import type { organisationSignupBody } from "../src/modules/companies/organisation-signup.js";
import type {
  contactQuery,
  newsletterTokenBody,
  subscribeBody,
} from "../src/modules/marketing/routes.js";
import type { fileDetailsBody } from "../src/modules/media/file-details.js";
import type { companyFilesQuery } from "../src/modules/media/file-list.js";
import type { jsonUploadBody } from "../src/modules/media/upload-input.js";
import type { sessionAttributesBody } from "../src/modules/shopper/attributes.js";
import type { addItemBody, changeItemVariantBody } from "../src/modules/shopper/cart-items.js";
import type { startSessionBody } from "../src/modules/shopper/sessions.js";
import type { wishlistEntryBody, wishlistMergeBody } from "../src/modules/wishlists/routes.js";

type Assert<T extends true> = T;
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type RequiredKeys<T> = {
  [K in keyof T]-?: Record<string, never> extends Pick<T, K> ? never : K;
}[keyof T];

/** The schema reads every key of the payload, and the payload carries every key it requires. */
type Takes<Schema extends z.ZodType, Payload> = [KnownKeys<Payload>] extends [keyof z.input<Schema>]
  ? [RequiredKeys<z.input<Schema>>] extends [RequiredKeys<Payload>]
    ? true
    : false
  : false;

/** The first half of `Takes` alone: the schema reads every key of the payload. */
type Reads<Schema extends z.ZodType, Payload> = [KnownKeys<Payload>] extends [keyof z.input<Schema>]
  ? true
  : false;

type Checks = [
  Assert<Takes<typeof signupBody, SignupPayload>>,
  // `signup_token` is optional on the wire (other backends do without it); this platform requires
  // it as the proof that the caller made the signup (API.md).
  Assert<Takes<typeof organisationSignupBody, Required<OrganisationSignupPayload>>>,
  Assert<Takes<typeof loginBody, LoginPayload>>,
  Assert<Takes<typeof refreshTokenBody, RefreshTokenPayload>>,
  Assert<Takes<typeof updateUserBody, UpdateUserPayload>>,
  Assert<Takes<typeof resetPasswordBody, ResetPasswordPayload>>,
  Assert<Takes<typeof resetLinkBody, ResetLinkPayload>>,
  Assert<Takes<typeof verifyLinkBody, VerifyLinkPayload>>,
  Assert<Takes<typeof verifyEmailBody, VerifyEmailPayload>>,
  Assert<Takes<typeof startSessionBody, StartSessionInput>>,
  Assert<Takes<typeof addItemBody, AddItemInput>>,
  Assert<Takes<typeof changeItemVariantBody, ChangeItemVariantInput>>,
  Assert<Takes<typeof sessionAttributesBody, SessionAttributes>>,
  Assert<Takes<typeof byCategoryUriBody, ProductsByCategoryUriQuery>>,
  Assert<Takes<typeof byCategoryIdBody, ProductsByCategoryIdQuery>>,
  Assert<Takes<typeof byTagBody, ProductsByTagQuery>>,
  Assert<Takes<typeof bySkuBody, ProductsBySkuQuery>>,
  Assert<Takes<typeof byIdsBody, ProductsByIdsQuery>>,
  Assert<Takes<typeof bySlugBody, ProductBySlugQuery>>,
  Assert<Takes<typeof categoriesBody, CategoriesQuery>>,
  // The company form is `@kassa/domain`'s schema itself, so the server checks what the form
  // checks. Only the first half holds: the form requires what the wire leaves optional (an
  // address's phone, A§5), and its text fields read a missing value as "" although their input
  // type names them required.
  Assert<Reads<typeof companyFormSchema, CompanyUpdatePayload>>,
  Assert<Reads<ReturnType<typeof companyAddressSchema>, CompanyAddressInput>>,
  Assert<Takes<typeof companyPageQuery, CompanyListQuery>>,
  Assert<Takes<typeof companyUsersQuery, CompanyUserListQuery>>,
  Assert<Takes<typeof companyFilesQuery, CompanyFilesQuery>>,
  Assert<Takes<typeof jsonUploadBody, CompanyMediaUploadPayload>>,
  Assert<Takes<typeof fileDetailsBody, CompanyMediaUpdatePayload>>,
  Assert<Takes<typeof subscribeBody, NewsletterSubscribePayload>>,
  Assert<Takes<typeof newsletterTokenBody, NewsletterTokenPayload>>,
  Assert<Takes<typeof contactQuery, MarketingContactQuery>>,
  Assert<Takes<typeof wishlistEntryBody, WishlistEntryPayload>>,
  Assert<Takes<typeof wishlistMergeBody, WishlistMergePayload>>,
];

describe("wire contract (requests)", () => {
  it("is checked by the type checker", () => {
    // Naming the tuple makes tsc evaluate every check above.
    const checks: Checks | undefined = undefined;
    expect(checks).toBeUndefined();
  });
});
