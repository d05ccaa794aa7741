import {
  type Address,
  addressFieldsOf,
  type CompaniesClient,
  type Company,
  type CurrentUser,
  isHttpError,
  type SessionAttributes,
  type SessionCustomer,
  type SessionCustomerAddress,
  type SessionCustomerAddressInput,
  type SessionCustomerContact,
  type SetSessionCustomerInput,
} from "@kassa/api-client";
import {
  type CustomerReference,
  customerReferenceOf,
  defaultAddressOf,
  type NewAddressForm,
} from "@kassa/domain";
import { orderingOrganisationOf } from "~/modules/account/company-attributes.server";

/**
 * The customer card's choice (A§2, A§4): the company, contact person and addresses an agent or
 * super admin orders for. The shopper session holds it (`PUT /shopper/sessions/customer`); until
 * the user has chosen anything, the card starts from defaults (below), and the checkout links
 * those.
 */
export interface CardChoice {
  organisationId: string | null;
  contactUserId: string | null;
  billing: SessionCustomerAddress | null;
  shipping: SessionCustomerAddress | null;
}

/** A§4: the card is for users who act as agent of some company, and for super admins. */
export function usesCustomerCard(user: CurrentUser): boolean {
  return (
    user.is_super_admin || user.organisations.some((membership) => membership.role === "agent")
  );
}

/** A company address as the session keeps it. */
export function addressCopy(address: Address): SessionCustomerAddress {
  return { id: address.id, ...addressFieldsOf(address) };
}

/** A new address of the card (A§5) as the session keeps it: no id, used for this order only. */
export function newAddressCopy(address: NewAddressForm): SessionCustomerAddress {
  return {
    id: null,
    name: address.name,
    company_name: address.company_name,
    street_address: address.street_address,
    co_address: "",
    city: address.city,
    state_province: address.state_province,
    house_number: "",
    postal_code: address.postal_code,
    country: address.country,
    phone: "",
  };
}

/**
 * A§4: choosing a company picks its default billing and shipping addresses. An agent starts as
 * the contact person (the reference their login already wrote to the cart); a super admin starts
 * with no user chosen (A§6).
 */
export function choiceForCompany(user: CurrentUser, company: Company | null): CardChoice {
  if (!company) {
    return { organisationId: null, contactUserId: null, billing: null, shipping: null };
  }
  const billing = defaultAddressOf(company.billing_address);
  const shipping = defaultAddressOf(company.shipping_address);
  return {
    organisationId: company.id,
    contactUserId: user.is_super_admin ? null : user.id,
    billing: billing ? addressCopy(billing) : null,
    shipping: shipping ? addressCopy(shipping) : null,
  };
}

/**
 * The company a card starts with: none for a super admin (A§6); for an agent, the organisation
 * whose company attributes the login wrote to the cart (A§4 login flow), else their only one.
 */
function defaultCompanyId(user: CurrentUser): string | null {
  if (user.is_super_admin) return null;
  const ordering = orderingOrganisationOf(user);
  if (ordering) return ordering.id;
  const [only, ...others] = user.organisations;
  return only && others.length === 0 ? only.id : null;
}

/** One company the user may see, or null (gone, or no longer theirs). */
export async function visibleCompany(
  companies: CompaniesClient,
  companyId: string,
): Promise<Company | null> {
  try {
    return await companies.getCompany(companyId);
  } catch (error) {
    if (isHttpError(error) && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

export interface CurrentCardChoice {
  choice: CardChoice;
  company: Company | null;
  /** The contact person as the session named them (a saved choice only). */
  contact: SessionCustomerContact | null;
}

/**
 * The card's choice now: the session's, when this user made it and its company is still theirs to
 * see; otherwise the defaults. A link another login left on the cart is not this user's choice.
 */
export async function currentCardChoice(
  user: CurrentUser,
  customer: SessionCustomer | null | undefined,
  companies: CompaniesClient,
): Promise<CurrentCardChoice> {
  if (customer && customer.userId === user.id) {
    const company = customer.organisationId
      ? await visibleCompany(companies, customer.organisationId)
      : null;
    if (company || !customer.organisationId) {
      return {
        choice: {
          organisationId: customer.organisationId,
          contactUserId: customer.contact?.id ?? null,
          billing: customer.billingAddress,
          shipping: customer.shippingAddress,
        },
        company,
        contact: customer.contact,
      };
    }
  }
  const companyId = defaultCompanyId(user);
  const company = companyId ? await visibleCompany(companies, companyId) : null;
  return { choice: choiceForCompany(user, company), company, contact: null };
}

function addressInput(address: SessionCustomerAddress): SessionCustomerAddressInput {
  if (address.id) return { id: address.id };
  return {
    name: address.name,
    company_name: address.company_name,
    street_address: address.street_address,
    city: address.city,
    state_province: address.state_province,
    postal_code: address.postal_code,
    country: address.country,
  };
}

/** The `PUT /shopper/sessions/customer` body of a choice. */
export function customerInput(choice: CardChoice, accessToken: string): SetSessionCustomerInput {
  if (!choice.organisationId) return { accessToken };
  return {
    accessToken,
    organisationId: choice.organisationId,
    ...(choice.contactUserId ? { contactUserId: choice.contactUserId } : {}),
    ...(choice.billing ? { billingAddress: addressInput(choice.billing) } : {}),
    ...(choice.shipping ? { shippingAddress: addressInput(choice.shipping) } : {}),
  };
}

/** A§4: the customer reference of the chosen company and contact person. */
export function referenceOf(
  company: Company,
  contact: SessionCustomerContact | null | undefined,
): CustomerReference {
  return customerReferenceOf(company, contact ?? undefined);
}

/** Whether the cart already carries this reference (then nothing needs re-sending). */
export function carriesReference(attributes: SessionAttributes, reference: CustomerReference) {
  const company = attributes.company;
  return (
    attributes.merchantReference1 === reference.merchantReference1 &&
    company?.registrationNumber === reference.company.registrationNumber &&
    company?.taxId === reference.company.taxId &&
    company?.name === reference.company.name &&
    company?.reference === reference.company.reference
  );
}
