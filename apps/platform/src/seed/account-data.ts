/**
 * The demo accounts' details beyond what tests rely on (phones, addresses, company contacts). The
 * facts tests use live in `fixtures.ts` (`SEED_USERS`, `SEED_ORGANISATIONS`) and are read from there.
 * Timestamps are fixed, like everything in the seed.
 */
import type { SEED_ORGANISATIONS, SEED_USERS } from "./fixtures.js";

type UserKey = keyof typeof SEED_USERS;
type OrganisationKey = keyof typeof SEED_ORGANISATIONS;

/** When the demo accounts were "created"; memberships follow a minute apart to keep their order. */
export const SEED_ACCOUNTS_CREATED_AT = new Date("2026-01-15T09:00:00.000Z");

export const USER_DETAILS: Record<
  UserKey,
  { phoneNumber: string; street: string; zipCode: string; city: string; allowEmail: boolean }
> = {
  customer: {
    phoneNumber: "+46701234501",
    street: "Storgatan 12",
    zipCode: "11122",
    city: "Stockholm",
    allowEmail: true,
  },
  finnishCustomer: {
    phoneNumber: "+358401234502",
    street: "Mannerheimintie 10",
    zipCode: "00100",
    city: "Helsinki",
    allowEmail: false,
  },
  unverified: {
    phoneNumber: "+46701234503",
    street: "Kungsgatan 5",
    zipCode: "41119",
    city: "Göteborg",
    allowEmail: false,
  },
  pending: {
    phoneNumber: "+46701234504",
    street: "Drottninggatan 20",
    zipCode: "21211",
    city: "Malmö",
    allowEmail: false,
  },
  companyAdmin: {
    phoneNumber: "+46701234505",
    street: "",
    zipCode: "",
    city: "",
    allowEmail: true,
  },
  companyBuyer: {
    phoneNumber: "+46701234506",
    street: "",
    zipCode: "",
    city: "",
    allowEmail: false,
  },
  finnishCompanyBuyer: {
    phoneNumber: "+358401234509",
    street: "",
    zipCode: "",
    city: "",
    allowEmail: true,
  },
  agent: { phoneNumber: "+46701234507", street: "", zipCode: "", city: "", allowEmail: true },
  superAdmin: {
    phoneNumber: "+46701234508",
    street: "",
    zipCode: "",
    city: "",
    allowEmail: false,
  },
};

export interface SeedAddress {
  id: string;
  kind: "billing" | "shipping";
  name: string;
  companyName: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  /** The region (län, maakunta): the company form requires it on shipping addresses (A§5). */
  stateProvince: string;
  country: string;
  phone: string;
}

export interface SeedOrganisationDetails {
  contactName: string;
  email: string;
  invoiceEmail: string;
  phone: string;
  externalRef: string;
  addresses: SeedAddress[];
}

export const ORGANISATION_DETAILS: Record<OrganisationKey, SeedOrganisationDetails> = {
  nordtrade: {
    contactName: "Anders Nordin",
    email: "info@nordtrade.test",
    invoiceEmail: "faktura@nordtrade.test",
    phone: "+46812345600",
    externalRef: "NT-1001",
    addresses: [
      {
        id: "adr-nordtrade-billing",
        kind: "billing",
        name: "Huvudkontor",
        companyName: "Nordtrade AB",
        streetAddress: "Sveavägen 44",
        postalCode: "11134",
        city: "Stockholm",
        stateProvince: "Stockholms län",
        country: "SE",
        phone: "+46812345600",
      },
      {
        id: "adr-nordtrade-shipping",
        kind: "shipping",
        name: "Lager",
        companyName: "Nordtrade AB",
        streetAddress: "Lagervägen 7",
        postalCode: "41505",
        city: "Göteborg",
        stateProvince: "Västra Götalands län",
        country: "SE",
        phone: "+46311234500",
      },
    ],
  },
  fjallhandel: {
    contactName: "Mikko Korhonen",
    email: "info@fjallhandel.test",
    invoiceEmail: "laskut@fjallhandel.test",
    phone: "+358912345600",
    externalRef: "FH-2001",
    addresses: [
      {
        id: "adr-fjallhandel-billing",
        kind: "billing",
        name: "Pääkonttori",
        companyName: "Fjällhandel Oy",
        streetAddress: "Aleksanterinkatu 15",
        postalCode: "00100",
        city: "Helsinki",
        stateProvince: "Uusimaa",
        country: "FI",
        phone: "+358912345600",
      },
      {
        id: "adr-fjallhandel-shipping",
        kind: "shipping",
        name: "Varasto",
        companyName: "Fjällhandel Oy",
        streetAddress: "Varastotie 3",
        postalCode: "01510",
        city: "Vantaa",
        stateProvince: "Uusimaa",
        country: "FI",
        phone: "+358912345601",
      },
    ],
  },
  skargard: {
    contactName: "Sofia Strand",
    email: "info@skargardsbolaget.test",
    invoiceEmail: "faktura@skargardsbolaget.test",
    phone: "+46701234520",
    externalRef: "SK-3001",
    addresses: [
      {
        id: "adr-skargard-billing",
        kind: "billing",
        name: "Kontor",
        companyName: "Skärgårdsbolaget AB",
        streetAddress: "Hamngatan 4",
        postalCode: "13030",
        city: "Stavsnäs",
        stateProvince: "Stockholms län",
        country: "SE",
        phone: "+46701234520",
      },
      {
        id: "adr-skargard-shipping",
        kind: "shipping",
        name: "Båthuset",
        companyName: "Skärgårdsbolaget AB",
        streetAddress: "Bryggvägen 2",
        postalCode: "13030",
        city: "Stavsnäs",
        stateProvince: "Stockholms län",
        country: "SE",
        phone: "+46701234521",
      },
    ],
  },
  norrskog: {
    contactName: "Nils Öberg",
    email: "info@norrskog.test",
    invoiceEmail: "faktura@norrskog.test",
    phone: "+46701234522",
    externalRef: "NS-3002",
    addresses: [
      {
        id: "adr-norrskog-billing",
        kind: "billing",
        name: "Kontor",
        companyName: "Norrskog Trävaror AB",
        streetAddress: "Storgatan 31",
        postalCode: "90326",
        city: "Umeå",
        stateProvince: "Västerbottens län",
        country: "SE",
        phone: "+46701234522",
      },
      {
        id: "adr-norrskog-shipping",
        kind: "shipping",
        name: "Sågverket",
        companyName: "Norrskog Trävaror AB",
        streetAddress: "Sågverksvägen 9",
        postalCode: "93133",
        city: "Skellefteå",
        stateProvince: "Västerbottens län",
        country: "SE",
        phone: "+46701234523",
      },
    ],
  },
  saimaa: {
    contactName: "Liisa Heikkinen",
    email: "info@saimaansahatavara.test",
    invoiceEmail: "laskut@saimaansahatavara.test",
    phone: "+358401234520",
    externalRef: "SS-3003",
    addresses: [
      {
        id: "adr-saimaa-billing",
        kind: "billing",
        name: "Pääkonttori",
        companyName: "Saimaan Sahatavara Oy",
        streetAddress: "Kauppakatu 12",
        postalCode: "53100",
        city: "Lappeenranta",
        stateProvince: "Etelä-Karjala",
        country: "FI",
        phone: "+358401234520",
      },
      {
        id: "adr-saimaa-shipping",
        kind: "shipping",
        name: "Saha",
        companyName: "Saimaan Sahatavara Oy",
        streetAddress: "Sahantie 5",
        postalCode: "57100",
        city: "Savonlinna",
        stateProvince: "Etelä-Savo",
        country: "FI",
        phone: "+358401234521",
      },
    ],
  },
};
