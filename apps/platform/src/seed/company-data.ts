/**
 * The generated part of the company area's seed: companies enough for a super admin to page
 * through (A§6 "sees all companies via paged search"), and users enough for Nordtrade AB's users
 * tab to have three pages. Deterministic (a seeded PRNG, no clock): the same rows on every
 * machine. The facts tests rely on are `SEED_COMPANIES` in `fixtures.ts`.
 */
import type { SeedAddress, SeedOrganisationDetails } from "./account-data.js";
import { SEED_COMPANIES } from "./fixtures.js";
import { createPrng, type Prng } from "./prng.js";

export interface GeneratedCompany extends SeedOrganisationDetails {
  id: string;
  name: string;
  organisationNumber: string;
  taxIdVatNumber: string;
  country: "SE" | "FI";
}

export interface GeneratedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  market: "SE" | "FI";
  language: "SV" | "FI";
  countryCode: "SE" | "FI";
  emailVerified: boolean;
  /** Their role, as a user and in their one organisation. */
  role: "customer" | "agent";
  /** The one organisation they belong to, with level default. */
  organisationId: string;
}

const SWEDISH = {
  namePrefixes: ["Björk", "Fjäll", "Sjö", "Ek", "Gran", "Älv", "Strand", "Berg", "Myr", "Lind"],
  nameSuffixes: ["handel", "bygg", "textil", "trä", "verktyg", "logistik", "design", "kök"],
  companyForm: "AB",
  firstNames: ["Anna", "Erik", "Maria", "Lars", "Karin", "Johan", "Eva", "Per", "Sara", "Oskar"],
  lastNames: [
    "Andersson",
    "Johansson",
    "Karlsson",
    "Nilsson",
    "Eriksson",
    "Larsson",
    "Lindberg",
    "Sjöberg",
    "Åkesson",
    "Holm",
    "Ölund",
  ],
  streets: ["Storgatan", "Kungsgatan", "Industrivägen", "Hamngatan", "Verkstadsgatan"],
  places: [
    { city: "Stockholm", region: "Stockholms län", postal: "114" },
    { city: "Göteborg", region: "Västra Götalands län", postal: "411" },
    { city: "Malmö", region: "Skåne län", postal: "211" },
    { city: "Uppsala", region: "Uppsala län", postal: "753" },
    { city: "Linköping", region: "Östergötlands län", postal: "582" },
    { city: "Örebro", region: "Örebro län", postal: "702" },
    { city: "Umeå", region: "Västerbottens län", postal: "903" },
    { city: "Luleå", region: "Norrbottens län", postal: "972" },
  ],
  billingName: "Huvudkontor",
  shippingName: "Lager",
  invoicePrefix: "faktura",
};

const FINNISH = {
  namePrefixes: ["Koivu", "Järvi", "Metsä", "Tunturi", "Saari", "Kallio", "Lumi", "Kuusi"],
  nameSuffixes: ["kauppa", "rakennus", "tekstiili", "puu", "työkalu", "sisustus"],
  companyForm: "Oy",
  firstNames: ["Aino", "Mikko", "Laura", "Juha", "Emma", "Ville", "Sanna", "Antti"],
  lastNames: ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Hämäläinen", "Laine"],
  streets: ["Teollisuustie", "Satamakatu", "Rautatienkatu", "Kauppakatu", "Tehtaankatu"],
  places: [
    { city: "Helsinki", region: "Uusimaa", postal: "001" },
    { city: "Espoo", region: "Uusimaa", postal: "021" },
    { city: "Tampere", region: "Pirkanmaa", postal: "331" },
    { city: "Turku", region: "Varsinais-Suomi", postal: "201" },
    { city: "Oulu", region: "Pohjois-Pohjanmaa", postal: "901" },
    { city: "Jyväskylä", region: "Keski-Suomi", postal: "401" },
  ],
  billingName: "Pääkonttori",
  shippingName: "Varasto",
  invoicePrefix: "laskut",
};

/** Of the generated companies, this many are Swedish; the rest are Finnish. */
const SWEDISH_COMPANIES = 20;

/** `Björkhandel AB` → `bjorkhandel`: for the demo companies' and users' email addresses. */
function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** A mobile number that libphonenumber takes: +46 70… or +358 40…, seven digits after. */
function phoneNumber(prng: Prng, country: "SE" | "FI"): string {
  return `${country === "SE" ? "+4670" : "+35840"}${prng.int(1_000_000, 9_999_999)}`;
}

/** Picks until the result is new (the lists are much longer than what is drawn from them). */
function pickNew(taken: Set<string>, make: () => string): string {
  for (;;) {
    const candidate = make();
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

function address(
  prng: Prng,
  words: typeof SWEDISH,
  company: { id: string; name: string; country: "SE" | "FI" },
  kind: "billing" | "shipping",
): SeedAddress {
  const place = prng.pick(words.places);
  return {
    id: `adr-${company.id.replace(/^org-/, "")}-${kind}`,
    kind,
    name: kind === "billing" ? words.billingName : words.shippingName,
    companyName: company.name,
    streetAddress: `${prng.pick(words.streets)} ${prng.int(1, 80)}`,
    postalCode: `${place.postal}${String(prng.int(0, 99)).padStart(2, "0")}`,
    city: place.city,
    stateProvince: place.region,
    country: company.country,
    phone: phoneNumber(prng, company.country),
  };
}

/** The generated companies, each with one default billing and one default shipping address. */
export function generatedCompanies(): GeneratedCompany[] {
  const prng = createPrng(0x636f6d70);
  const names = new Set<string>();
  return Array.from({ length: SEED_COMPANIES.generated }, (_, index) => {
    const country = index < SWEDISH_COMPANIES ? "SE" : "FI";
    const words = country === "SE" ? SWEDISH : FINNISH;
    const name = pickNew(
      names,
      () => `${prng.pick(words.namePrefixes)}${prng.pick(words.nameSuffixes)} ${words.companyForm}`,
    );
    const serial = String(index + 1).padStart(3, "0");
    // The serial in the number keeps every number unique; the hand-written companies' numbers
    // have no serial this low in that place.
    const organisationNumber =
      country === "SE"
        ? `556${serial}${prng.int(1000, 9999)}`
        : `2${serial}${prng.int(1000, 9999)}`;
    const id = `org-gen-${serial}`;
    const domain = `${asciiSlug(name.replace(/ (AB|Oy)$/, ""))}.test`;
    const company = { id, name, country } as const;
    return {
      id,
      name,
      organisationNumber,
      taxIdVatNumber: country === "SE" ? `SE${organisationNumber}01` : `FI${organisationNumber}`,
      country,
      contactName: `${prng.pick(words.firstNames)} ${prng.pick(words.lastNames)}`,
      email: `info@${domain}`,
      invoiceEmail: `${words.invoicePrefix}@${domain}`,
      phone: phoneNumber(prng, country),
      externalRef: `GEN-${serial}`,
      addresses: [
        address(prng, words, company, "billing"),
        address(prng, words, company, "shipping"),
      ],
    };
  });
}

function usersOf(
  company: "nordtrade" | "fjallhandel",
  ids: readonly string[],
  unverified: readonly string[],
  prng: Prng,
  role: GeneratedUser["role"] = "customer",
): GeneratedUser[] {
  const country = company === "nordtrade" ? "SE" : "FI";
  const words = country === "SE" ? SWEDISH : FINNISH;
  const names = new Set<string>();
  return ids.map((id) => {
    const fullName = pickNew(
      names,
      () => `${prng.pick(words.firstNames)} ${prng.pick(words.lastNames)}`,
    );
    const [firstName = "", lastName = ""] = fullName.split(" ");
    return {
      id,
      email: `${role === "agent" ? "agent." : ""}${asciiSlug(firstName)}.${asciiSlug(lastName)}@${company}.test`,
      firstName,
      lastName,
      phoneNumber: phoneNumber(prng, country),
      market: country,
      language: country === "SE" ? "SV" : "FI",
      countryCode: country,
      emailVerified: !unverified.includes(id),
      role,
      organisationId: SEED_COMPANIES[company].id,
    };
  });
}

/**
 * The generated users of Nordtrade AB and Fjällhandel Oy (customers, level default), and
 * Nordtrade's generated agents.
 */
export function generatedCompanyUsers(): GeneratedUser[] {
  const prng = createPrng(0x75736572);
  return [
    ...usersOf(
      "nordtrade",
      SEED_COMPANIES.nordtrade.generatedUserIds,
      SEED_COMPANIES.nordtrade.unverifiedUserIds,
      prng,
    ),
    ...usersOf("fjallhandel", SEED_COMPANIES.fjallhandel.generatedUserIds, [], prng),
    // Their own sequence, so the customers above keep their names.
    ...usersOf(
      "nordtrade",
      SEED_COMPANIES.nordtrade.generatedAgentIds,
      [],
      createPrng(0x6167656e),
      "agent",
    ),
  ];
}
