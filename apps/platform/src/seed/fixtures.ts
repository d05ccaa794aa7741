/**
 * Products of the seed catalogue with a known property, for tests in this and other packages
 * (API tests, storefront route tests, browser flows). `test/seed.test.ts` checks every promise
 * made here against a freshly seeded database; change `catalogue-data.ts` and this file together.
 */
export const SEED_FIXTURES = {
  /** One variant, no choices, plenty in stock in SE and FI (500). */
  simple: {
    slug: "emaljmugg-koli",
    productParentId: "pp-1039",
    variantId: "pv-1039-01",
    categoryUri: "hem-och-inredning/kok",
  },
  /** A choice of colour and size; every combination in stock in SE and FI. Swedish names. */
  multiVariant: {
    slug: "ulltroja-fjall",
    colors: ["Marinblå", "Skogsgrön", "Naturvit"],
    sizes: ["S", "M", "L", "XL"],
  },
  /** One variant sold out in SE and FI, another in stock. */
  soldOut: {
    slug: "mossa-lappland",
    soldOutVariantId: "pv-1011-01",
    availableVariantId: "pv-1011-02",
  },
  /**
   * One size of a colour sold out in SE and FI, the colour's other sizes in stock (changing a
   * cart line's size, C§4). Swedish names.
   */
  soldOutSize: {
    slug: "ulltroja-skargard",
    productParentId: "pp-1002",
    color: "Marinblå",
    /** S and L of the colour. */
    availableVariantIds: ["pv-1002-01", "pv-1002-03"],
    soldOutVariantId: "pv-1002-02",
    soldOutSize: "M",
  },
  /** Two available in SE and FI (three in stock, one reserved). */
  lowStock: {
    slug: "vantar-inari",
    variantId: "pv-1014-01",
    availableQuantity: 2,
  },
  /** At most three of this product (all sizes together) in one cart. */
  orderLimit: {
    slug: "ullsockor-kiruna",
    productParentId: "pp-1019",
    variantIds: ["pv-1019-01", "pv-1019-02"],
    orderLimit: 3,
  },
  /** A gift set whose childItems hold a gift box (an unlisted product with its own price). */
  withChildItem: {
    slug: "presentset-mys",
    variantId: "pv-1045-01",
    childVariantId: "pv-1047-01",
  },
  /** Sale price below the base price in SE and FI, in both store groups. */
  onSale: {
    slug: "plad-gotland",
    variantId: "pv-1033-01",
  },
} as const;

export type SeedFixtures = typeof SEED_FIXTURES;

/** The password of every demo account (it meets A§5: ten characters and a digit). */
export const SEED_PASSWORD = "Kassa12345!";

/**
 * Demo organisations written by hand; each has one default billing and one default shipping
 * address (shipping addresses with a region: the company form requires it, A§5). Besides these
 * the seed has {@link SEED_COMPANIES}`.generated` generated companies (`company-data.ts`).
 */
export const SEED_ORGANISATIONS = {
  nordtrade: {
    id: "org-nordtrade",
    name: "Nordtrade AB",
    organisationNumber: "5566778899",
    taxIdVatNumber: "SE556677889901",
    country: "SE",
    status: "active",
    isCreditValid: true,
  },
  fjallhandel: {
    id: "org-fjallhandel",
    name: "Fjällhandel Oy",
    organisationNumber: "12345678",
    taxIdVatNumber: "FI12345678",
    country: "FI",
    status: "active",
    isCreditValid: true,
  },
  /** The agent's third company: active and credit valid, with no users but the agent. */
  skargard: {
    id: "org-skargard",
    name: "Skärgårdsbolaget AB",
    organisationNumber: "5569012345",
    taxIdVatNumber: "SE556901234501",
    country: "SE",
    status: "active",
    isCreditValid: true,
  },
  /** Inactive (status `inactive`): the card warns about it (A§4, A§8). */
  norrskog: {
    id: "org-norrskog",
    name: "Norrskog Trävaror AB",
    organisationNumber: "5568123456",
    taxIdVatNumber: "SE556812345601",
    country: "SE",
    status: "inactive",
    isCreditValid: true,
  },
  /** Active but not credit valid: the card warns about it when the text exists (A§4, A§8). */
  saimaa: {
    id: "org-saimaa",
    name: "Saimaan Sahatavara Oy",
    organisationNumber: "23456781",
    taxIdVatNumber: "FI23456781",
    country: "FI",
    status: "active",
    isCreditValid: false,
  },
} as const;

type SeedOrganisationKey = keyof typeof SEED_ORGANISATIONS;

interface SeedMembership {
  organisation: SeedOrganisationKey;
  role: "customer" | "agent";
  level: "admin" | "default";
}

export interface SeedUser {
  id: string;
  email: string;
  password: string;
  role: "customer" | "agent";
  firstName: string;
  lastName: string;
  /** Upper case, as the account API speaks it. */
  language: "SV" | "FI" | "EN";
  market: "SE" | "FI";
  countryCode: "SE" | "FI";
  storeGroup: "default" | "business";
  status: "active" | "pending";
  emailVerified: boolean;
  isSuperAdmin: boolean;
  /** In the order the login reply lists them. */
  organisations: readonly SeedMembership[];
  /** What `POST /enad/login/` answers: `ok`, or the `details` of its refusal. */
  login: "ok" | "email not verified" | "user is in pending state";
}

/**
 * Demo accounts of every role, all with {@link SEED_PASSWORD}. `test/account-seed.test.ts` checks
 * each promise made here (login outcome, organisations, roles) against a freshly seeded database.
 */
export const SEED_USERS = {
  /** A Swedish consumer: verified, active, store group default. */
  customer: {
    id: "usr-kund",
    email: "kund@kassa.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Karin",
    lastName: "Lindqvist",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "default",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [],
    login: "ok",
  },
  /** A Finnish consumer: market FI, language FI. */
  finnishCustomer: {
    id: "usr-asiakas",
    email: "asiakas@kassa.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Aino",
    lastName: "Virtanen",
    language: "FI",
    market: "FI",
    countryCode: "FI",
    storeGroup: "default",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [],
    login: "ok",
  },
  /** Signed up, never clicked the link: login answers 403 'email not verified'. */
  unverified: {
    id: "usr-overifierad",
    email: "overifierad@kassa.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Olle",
    lastName: "Berg",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "default",
    status: "active",
    emailVerified: false,
    isSuperAdmin: false,
    organisations: [],
    login: "email not verified",
  },
  /** Verified but waiting for approval: login answers 403 'user is in pending state'. */
  pending: {
    id: "usr-vantande",
    email: "vantande@kassa.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Vera",
    lastName: "Holm",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "default",
    status: "pending",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [],
    login: "user is in pending state",
  },
  /** Administrator (level admin) of Nordtrade AB, store group business. */
  companyAdmin: {
    id: "usr-nordtrade-admin",
    email: "admin@nordtrade.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Anders",
    lastName: "Nordin",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "business",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [{ organisation: "nordtrade", role: "customer", level: "admin" }],
    login: "ok",
  },
  /** A buyer of Nordtrade AB without admin rights (level default). */
  companyBuyer: {
    id: "usr-nordtrade-inkopare",
    email: "inkopare@nordtrade.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Ingrid",
    lastName: "Ek",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "business",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [{ organisation: "nordtrade", role: "customer", level: "default" }],
    login: "ok",
  },
  /** A buyer of Fjällhandel Oy (level default), Finnish, store group business. */
  finnishCompanyBuyer: {
    id: "usr-fjallhandel-ostaja",
    email: "ostaja@fjallhandel.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Onni",
    lastName: "Laine",
    language: "FI",
    market: "FI",
    countryCode: "FI",
    storeGroup: "business",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [{ organisation: "fjallhandel", role: "customer", level: "default" }],
    login: "ok",
  },
  /**
   * An agent ordering on behalf of five companies: Nordtrade AB first (the login writes the first
   * organisation into the cart, A§4), then Fjällhandel Oy, Skärgårdsbolaget AB, the inactive
   * Norrskog Trävaror AB and Saimaan Sahatavara Oy, which is not credit valid.
   */
  agent: {
    id: "usr-agent",
    email: "agent@kassa.test",
    password: SEED_PASSWORD,
    role: "agent",
    firstName: "Axel",
    lastName: "Lund",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "business",
    status: "active",
    emailVerified: true,
    isSuperAdmin: false,
    organisations: [
      { organisation: "nordtrade", role: "agent", level: "default" },
      { organisation: "fjallhandel", role: "agent", level: "default" },
      { organisation: "skargard", role: "agent", level: "default" },
      { organisation: "norrskog", role: "agent", level: "default" },
      { organisation: "saimaa", role: "agent", level: "default" },
    ],
    login: "ok",
  },
  /** Sees every company (A§6); member of none. */
  superAdmin: {
    id: "usr-superadmin",
    email: "superadmin@kassa.test",
    password: SEED_PASSWORD,
    role: "customer",
    firstName: "Sara",
    lastName: "Söderberg",
    language: "SV",
    market: "SE",
    countryCode: "SE",
    storeGroup: "default",
    status: "active",
    emailVerified: true,
    isSuperAdmin: true,
    organisations: [],
    login: "ok",
  },
} as const satisfies Record<string, SeedUser>;

export type SeedUsers = typeof SEED_USERS;

/** Generated companies beside {@link SEED_ORGANISATIONS} (`company-data.ts`): 20 Swedish, 10 Finnish. */
const GENERATED_COMPANIES = 30;
/** Generated users of Nordtrade AB (customers, level default) beside its demo accounts. */
const GENERATED_NORDTRADE_USERS = 23;
/**
 * Generated agents of Nordtrade AB (role agent): the users list shows them, the customer card's
 * contact picker does not (A§4: customers and the ordering agent only).
 */
const GENERATED_NORDTRADE_AGENTS = 4;
/** Generated users of Fjällhandel Oy beside its demo accounts. */
const GENERATED_FJALLHANDEL_USERS = 3;

/** The id of the `number`th (from 1) generated agent of Nordtrade AB: `usr-nordtrade-agent-02`. */
export function generatedAgentId(number: number): string {
  return `usr-nordtrade-agent-${String(number).padStart(2, "0")}`;
}

/** The id of the `number`th (from 1) generated user of a company: `usr-nordtrade-07`. */
export function generatedUserId(company: "nordtrade" | "fjallhandel", number: number): string {
  return `usr-${company}-${String(number).padStart(2, "0")}`;
}

const membersOf = (organisation: SeedOrganisationKey) =>
  Object.values(SEED_USERS as Record<string, SeedUser>).filter((user) =>
    user.organisations.some((membership) => membership.organisation === organisation),
  ).length;

/**
 * Facts of the company area's seed (A§4, A§6) for tests in every package. `test/account-seed.test.ts`
 * checks each against a seeded database. Generated users log in with {@link SEED_PASSWORD} unless
 * listed in `unverifiedUserIds`; none is an admin, so any of them may be removed in a test.
 */
export const SEED_COMPANIES = {
  /** Every company of the seed: what a super admin's company list counts (4 pages of 10). */
  total: Object.keys(SEED_ORGANISATIONS).length + GENERATED_COMPANIES,
  generated: GENERATED_COMPANIES,
  /** The agent's organisations, in the order the login reply lists them. */
  agentCompanyIds: SEED_USERS.agent.organisations.map(
    (membership) => SEED_ORGANISATIONS[membership.organisation].id,
  ),
  inactive: {
    id: SEED_ORGANISATIONS.norrskog.id,
    name: SEED_ORGANISATIONS.norrskog.name,
    organisationNumber: SEED_ORGANISATIONS.norrskog.organisationNumber,
  },
  notCreditValid: {
    id: SEED_ORGANISATIONS.saimaa.id,
    name: SEED_ORGANISATIONS.saimaa.name,
    organisationNumber: SEED_ORGANISATIONS.saimaa.organisationNumber,
  },
  nordtrade: {
    id: SEED_ORGANISATIONS.nordtrade.id,
    /**
     * Its users list: the admin, the buyer, the agent, the generated users and the generated
     * agents (3 pages of 10).
     */
    users: membersOf("nordtrade") + GENERATED_NORDTRADE_USERS + GENERATED_NORDTRADE_AGENTS,
    /** Its users of role customer: whom the customer card offers as the contact person (A§4). */
    customers:
      Object.values(SEED_USERS as Record<string, SeedUser>).filter((user) =>
        user.organisations.some(
          (membership) => membership.organisation === "nordtrade" && membership.role === "customer",
        ),
      ).length + GENERATED_NORDTRADE_USERS,
    generatedUserIds: Array.from({ length: GENERATED_NORDTRADE_USERS }, (_, index) =>
      generatedUserId("nordtrade", index + 1),
    ),
    /** Generated users of role agent (never a contact person in the customer card). */
    generatedAgentIds: Array.from({ length: GENERATED_NORDTRADE_AGENTS }, (_, index) =>
      generatedAgentId(index + 1),
    ),
    /** Generated users who never confirmed their address (listed, cannot log in). */
    unverifiedUserIds: [5, 13, 21].map((number) => generatedUserId("nordtrade", number)),
  },
  fjallhandel: {
    id: SEED_ORGANISATIONS.fjallhandel.id,
    users: membersOf("fjallhandel") + GENERATED_FJALLHANDEL_USERS,
    generatedUserIds: Array.from({ length: GENERATED_FJALLHANDEL_USERS }, (_, index) =>
      generatedUserId("fjallhandel", index + 1),
    ),
  },
} as const;

export type SeedCompanies = typeof SEED_COMPANIES;

/**
 * Nordtrade AB's demo print files (C§2 print files card, ADR 0014), oldest first. The card lists
 * three: the primary PNG logo, the same logo as SVG, and the EPS emblem (whose PNG preview is
 * hidden, `custom_fields.preview_for`); the printer's proof (`korrektur` in its name) and the old
 * logo (`custom_fields.hide`) are stored but not listed, and do not count towards the ten (C§5).
 * `test/company-media.test.ts` checks each promise made here.
 */
export const SEED_PRINT_FILES = {
  companyId: SEED_ORGANISATIONS.nordtrade.id,
  logo: {
    id: "file-nordtrade-logo",
    filename: "nordtrade-logo.png",
    mimeType: "image/png",
    logoType: "primary",
  },
  vectorLogo: {
    id: "file-nordtrade-logo-svg",
    filename: "nordtrade-logo.svg",
    mimeType: "image/svg+xml",
    logoType: "secondary",
  },
  emblem: {
    id: "file-nordtrade-emblem",
    filename: "nordtrade-emblem.eps",
    mimeType: "application/postscript",
    logoType: "secondary",
  },
  /** The emblem's PNG preview: hidden, `preview_for` the emblem. */
  emblemPreview: {
    id: "file-nordtrade-emblem-png",
    filename: "nordtrade-emblem.png",
    mimeType: "image/png",
    logoType: "secondary",
  },
  /** The printer's proof: not listed (C§5 `korrektur`). */
  proof: {
    id: "file-nordtrade-korrektur",
    filename: "nordtrade-korrektur-v3.pdf",
    mimeType: "application/pdf",
    logoType: "secondary",
  },
  /** The logo of 2019: not listed (`custom_fields.hide`). */
  oldLogo: {
    id: "file-nordtrade-logo-2019",
    filename: "nordtrade-logo-2019.png",
    mimeType: "image/png",
    logoType: "secondary",
  },
  /** What the card lists, oldest first. */
  listedIds: ["file-nordtrade-logo", "file-nordtrade-logo-svg", "file-nordtrade-emblem"],
} as const;

export type SeedPrintFiles = typeof SEED_PRINT_FILES;
