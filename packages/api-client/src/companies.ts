import { isHttpError, UnexpectedError } from "./errors.js";
import {
  type CallOptions,
  createUserRequester,
  segment,
  type UserClientOptions,
} from "./request.js";
import type {
  Address,
  AddressFields,
  Company,
  CompanyAddressInput,
  CompanyList,
  CompanyListQuery,
  CompanyUpdated,
  CompanyUpdatePayload,
  CompanyUserList,
  CompanyUserListQuery,
  CompanyUserListRefused,
  CompanyUserRemoved,
} from "./wire/companies.js";
import type { PlatformErrorBody } from "./wire/errors.js";

/**
 * The company area's calls (A§4, A§7), as the logged-in user: the companies they may see, one
 * company, its update, its users and a user's removal. The server decides what the user may do
 * (A§6); these calls only carry the user's token.
 *
 * Reads throw the pipeline's errors (a 404 `HttpError` for a company the user may not see).
 * The answers a screen shows come back as values: a refused user list is A§3's
 * `{message: 'Unauthorized', details}`, an update or a removal that fails is `{ok: false}` /
 * `{success: false}` with the server's message and field errors.
 */

/** `baseUrl` is the origin of the account API. */
export type CompaniesClientOptions = UserClientOptions;

/** A refused update or removal, as a value. */
export interface CompanyCallFailure {
  /** HTTP status of the refusal (400 invalid, 403 not allowed, 404 not found, 409 …). */
  status: number;
  /** The server's `message` (or `error`, or `details`). */
  message: string;
  /** Field problems as `path: message` (`billing_addresses.0.city: City is required`). */
  errors: string[];
}

export type CompanyUpdateResult =
  | { ok: true; company: Company }
  | ({ ok: false } & CompanyCallFailure);

export type CompanyUserRemovalResult =
  | CompanyUserRemoved
  | ({ success: false } & CompanyCallFailure);

export interface CompaniesClient {
  /**
   * `GET /enad/companies/`: the companies the user may see (their own organisations; every
   * company for a super admin), by name, 10 a page unless `per_page` says otherwise. `search`
   * matches the name or the organisation number.
   */
  listCompanies(query?: CompanyListQuery, options?: CallOptions): Promise<CompanyList>;
  /** `GET /enad/companies/{id}/`: one company the user may see (404 `HttpError` otherwise). */
  getCompany(companyId: string, options?: CallOptions): Promise<Company>;
  /**
   * `PUT /enad/companies/{id}/`: saves the company form (its admins and super admins only). A PUT
   * is idempotent, so it is retried after a lost answer. Success is a company with an id in the
   * answer (A§7); an OK answer without one throws an `UnexpectedError`, as the save cannot be
   * known to have happened.
   */
  updateCompany(
    companyId: string,
    payload: CompanyUpdatePayload,
    options?: CallOptions,
  ): Promise<CompanyUpdateResult>;
  /**
   * `GET /enad/companies/{id}/users/`: the company's users (its admins, its agents and super
   * admins), or A§3's `{message: 'Unauthorized', details}` for anyone else.
   */
  listCompanyUsers(
    companyId: string,
    query?: CompanyUserListQuery,
    options?: CallOptions,
  ): Promise<CompanyUserList | CompanyUserListRefused>;
  /**
   * `DELETE /enad/companies/{id}/users/{userId}/`: takes the user out of the company (admins and
   * super admins; never oneself). Removing a user who is already gone answers a failure (404).
   */
  removeCompanyUser(
    companyId: string,
    userId: string,
    options?: CallOptions,
  ): Promise<CompanyUserRemovalResult>;
}

/** Only the {@link AddressFields} of an address (a stored one, a form's, a session's copy). */
export function addressFieldsOf(address: AddressFields): AddressFields {
  return {
    name: address.name,
    company_name: address.company_name,
    street_address: address.street_address,
    co_address: address.co_address,
    city: address.city,
    state_province: address.state_province,
    house_number: address.house_number,
    postal_code: address.postal_code,
    country: address.country,
    phone: address.phone,
  };
}

/** A stored address as the company form sends it back: its id kept, every field given. */
export function addressInputOf(address: Address): Required<CompanyAddressInput> {
  return {
    id: address.id,
    ...addressFieldsOf(address),
    is_default: address.is_default,
    shipping_type: address.shipping_type,
  };
}

/** True when a user list answer is A§3's refusal rather than a page of users. */
export function isCompanyUserListRefused(
  reply: CompanyUserList | CompanyUserListRefused,
): reply is CompanyUserListRefused {
  return !("items" in reply);
}

function failureOf(error: unknown): CompanyCallFailure | undefined {
  if (!isHttpError(error) || error.status >= 500) return undefined;
  const body = (typeof error.body === "object" && error.body !== null ? error.body : {}) as
    | PlatformErrorBody
    | { details?: string };
  const message =
    ("message" in body && body.message) ||
    ("error" in body && body.error) ||
    ("details" in body && body.details) ||
    error.message;
  return { status: error.status, message: String(message), errors: error.errors };
}

/**
 * Creates the company client of one logged-in user. Create one per request on a server.
 *
 * @example
 * const companies = createCompaniesClient({ baseUrl, accessToken });
 * const { companies: page, total_pages } = await companies.listCompanies({ search: "nord" });
 */
export function createCompaniesClient(options: CompaniesClientOptions): CompaniesClient {
  const request = createUserRequester(options);
  const companyPath = (companyId: string) => `/enad/companies/${segment(companyId)}/`;

  return {
    listCompanies: (query = {}, call) =>
      request<CompanyList>("GET", "/enad/companies/", { query: { ...query }, ...call }),
    getCompany: (companyId, call) => request<Company>("GET", companyPath(companyId), { ...call }),
    async updateCompany(companyId, payload, call) {
      try {
        const path = companyPath(companyId);
        const reply = await request<Partial<CompanyUpdated> | undefined>("PUT", path, {
          body: payload,
          ...call,
        });
        const company = reply?.company;
        if (typeof company?.id !== "string" || company.id === "") {
          throw new UnexpectedError({ method: "PUT", url: path, body: reply });
        }
        return { ok: true, company };
      } catch (error) {
        const failure = failureOf(error);
        if (failure) return { ok: false, ...failure };
        throw error;
      }
    },
    async listCompanyUsers(companyId, query = {}, call) {
      try {
        return await request<CompanyUserList>("GET", `${companyPath(companyId)}users/`, {
          query: { ...query },
          ...call,
        });
      } catch (error) {
        if (isHttpError(error) && error.status === 403) {
          const body = error.body as Partial<CompanyUserListRefused> | undefined;
          return { message: "Unauthorized", details: String(body?.details ?? error.message) };
        }
        throw error;
      }
    },
    async removeCompanyUser(companyId, userId, call) {
      try {
        return await request<CompanyUserRemoved>(
          "DELETE",
          `${companyPath(companyId)}users/${segment(userId)}/`,
          { ...call },
        );
      } catch (error) {
        const failure = failureOf(error);
        if (failure) return { success: false, ...failure };
        throw error;
      }
    },
  };
}
