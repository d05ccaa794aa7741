/**
 * Every demo organisation and user of the seed as the rows to insert, hand-written
 * (`fixtures.ts`, `account-data.ts`) and generated (`company-data.ts`) alike, so that
 * `seed-accounts.ts` adds both the same way. No database, no clock: the same plan every time.
 */
import type { addresses, organisationMembers, organisations, users } from "../db/schema.js";
import {
  ORGANISATION_DETAILS,
  SEED_ACCOUNTS_CREATED_AT,
  type SeedAddress,
  USER_DETAILS,
} from "./account-data.js";
import { generatedCompanies, generatedCompanyUsers } from "./company-data.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "./fixtures.js";

export interface PlannedOrganisation {
  row: typeof organisations.$inferInsert & { id: string };
  addresses: (typeof addresses.$inferInsert)[];
}

export interface PlannedUser {
  /** The row without its password hash: every demo user shares one (`seed-accounts.ts`). */
  row: Omit<typeof users.$inferInsert, "passwordHash"> & { id: string };
  memberships: (typeof organisationMembers.$inferInsert)[];
}

const minutesAfterCreation = (minutes: number) =>
  new Date(SEED_ACCOUNTS_CREATED_AT.getTime() + minutes * 60_000);

function addressRows(companyId: string, list: readonly SeedAddress[]) {
  return list.map((address) => ({
    ...address,
    companyId,
    isDefault: true,
    shippingType: "standard",
    createdAt: SEED_ACCOUNTS_CREATED_AT,
    updatedAt: SEED_ACCOUNTS_CREATED_AT,
  }));
}

export function plannedOrganisations(): PlannedOrganisation[] {
  const handWritten = (
    Object.entries(SEED_ORGANISATIONS) as [
      keyof typeof SEED_ORGANISATIONS,
      (typeof SEED_ORGANISATIONS)[keyof typeof SEED_ORGANISATIONS],
    ][]
  ).map(([key, org]) => ({ ...org, ...ORGANISATION_DETAILS[key] }));
  const generated = generatedCompanies().map((company) => ({
    ...company,
    status: "active",
    isCreditValid: true,
  }));
  return [...handWritten, ...generated].map((org) => ({
    row: {
      id: org.id,
      name: org.name,
      organisationNumber: org.organisationNumber,
      taxIdVatNumber: org.taxIdVatNumber,
      contactName: org.contactName,
      email: org.email,
      invoiceEmail: org.invoiceEmail,
      phone: org.phone,
      externalRef: org.externalRef,
      status: org.status,
      creditCheck: false,
      isCreditValid: org.isCreditValid,
      storeGroups: ["business"],
      createdAt: SEED_ACCOUNTS_CREATED_AT,
      updatedAt: SEED_ACCOUNTS_CREATED_AT,
    },
    addresses: addressRows(org.id, org.addresses),
  }));
}

export function plannedUsers(): PlannedUser[] {
  const handWritten = (
    Object.entries(SEED_USERS) as [
      keyof typeof SEED_USERS,
      (typeof SEED_USERS)[keyof typeof SEED_USERS],
    ][]
  ).map(([key, user]): PlannedUser => {
    const details = USER_DETAILS[key];
    return {
      row: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: details.phoneNumber,
        language: user.language,
        countryCode: user.countryCode,
        market: user.market,
        storeGroup: user.storeGroup,
        role: user.role,
        status: user.status,
        emailVerified: user.emailVerified,
        isSuperAdmin: user.isSuperAdmin,
        street: details.street,
        zipCode: details.zipCode,
        city: details.city,
        allowEmail: details.allowEmail,
        createdAt: SEED_ACCOUNTS_CREATED_AT,
        updatedAt: SEED_ACCOUNTS_CREATED_AT,
      },
      // A minute apart, in the order listed: the login reply lists them in that order (A§4).
      memberships: user.organisations.map((membership, position) => ({
        userId: user.id,
        organisationId: SEED_ORGANISATIONS[membership.organisation].id,
        role: membership.role,
        level: membership.level,
        createdAt: minutesAfterCreation(position + 1),
      })),
    };
  });
  const generated = generatedCompanyUsers().map(
    (user, index): PlannedUser => ({
      row: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: user.phoneNumber,
        language: user.language,
        countryCode: user.countryCode,
        market: user.market,
        storeGroup: "business",
        role: user.role,
        status: "active",
        emailVerified: user.emailVerified,
        isSuperAdmin: false,
        createdAt: minutesAfterCreation(60 + index),
        updatedAt: minutesAfterCreation(60 + index),
      },
      memberships: [
        {
          userId: user.id,
          organisationId: user.organisationId,
          role: user.role,
          level: "default",
          createdAt: minutesAfterCreation(60 + index),
        },
      ],
    }),
  );
  return [...handWritten, ...generated];
}
