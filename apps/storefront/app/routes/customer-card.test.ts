import type { Order } from "@kassa/api-client";
import {
  SEED_COMPANIES,
  SEED_FIXTURES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import type { CustomerCardView } from "~/modules/customer-card/card-view";
import { readToast } from "~/modules/http/toast.server";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { payInHostedPage } from "~/test-support/hosted-payment";
import { withPlatform } from "~/test-support/platform";

/**
 * The customer-information card (A§2, A§4) through the cart's and the checkout's loaders and
 * actions, on a real platform: who sees it, what it starts with, every choice as its form posts
 * it (with and without JavaScript alike), and the order an agent then places for the company.
 */
withPlatform({ paymentProviders: "*:*=KlarnaCheckout" });

const { nordtrade, fjallhandel, norrskog, saimaa } = SEED_ORGANISATIONS;
const { agent, companyBuyer, finnishCompanyBuyer } = SEED_USERS;

async function shopper(email: string): Promise<Browser> {
  const browser = new Browser();
  const answer = (await logInThroughForm(browser, email, SEED_PASSWORD)) as Response;
  expect(answer.status).toBe(303);
  const { slug, variantId } = SEED_FIXTURES.simple;
  expect((await addFromProductPage(browser, slug, variantId)).status).toBe(303);
  return browser;
}

async function cartPage(browser: Browser, search = "") {
  const route = await import("./cart");
  const answer = await route.loader({
    request: browser.request(`/cart${search}`),
    params: {},
    context: {},
  });
  return answer.data;
}

async function cardOf(browser: Browser, search = ""): Promise<CustomerCardView> {
  const { card } = await cartPage(browser, search);
  if (!card) throw new Error("no customer card");
  return card;
}

/** Posts one of the card's forms to the cart, as the page does; the browser keeps the cookies. */
async function post(browser: Browser, fields: Record<string, string>, redirectTo = "/cart") {
  const route = await import("./cart");
  const answer = await settle(() =>
    route.action({
      request: browser.form("/cart", { redirectTo, ...fields }),
      params: {},
      context: {},
    }),
  );
  if (answer instanceof Response) browser.keep(answer);
  return answer;
}

async function openCheckout(browser: Browser) {
  const route = await import("./checkout/route");
  const answer = (await route.loader({
    request: browser.request("/checkout"),
    params: {},
    context: {},
  })) as unknown as {
    data: {
      card: CustomerCardView | null;
      state: { kind: string; embed: { hostedUrl: string } };
    };
    init: ResponseInit;
  };
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
  return answer.data;
}

const name = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`;

describe("who sees the card (A§4)", () => {
  it("shows no card to a consumer or to a company's own buyer", async () => {
    for (const email of [SEED_USERS.customer.email, companyBuyer.email]) {
      expect((await cartPage(await shopper(email))).card).toBeNull();
    }
  });

  it("starts an agent with the company the login chose, themself and its default addresses", async () => {
    const card = await cardOf(await shopper(agent.email));
    expect(card).toMatchObject({
      actsAs: "agent",
      editable: true,
      pickerDisabled: false,
      showsContacts: true,
      company: { id: nordtrade.id, name: nordtrade.name, is_inactive: false },
      contact: { id: agent.id, isSelf: true },
      billing: { tab: "existing", chosen: { company_name: nordtrade.name } },
      shipping: { tab: "existing" },
    });
    const defaultBilling = card.company?.billing_address.find((address) => address.is_default);
    expect(card.billing.chosen?.id).toBe(defaultBilling?.id);
    // The agent's companies only; the contact list: the company's customers and the agent.
    const listed = card.companies.items.map((company) => company.id);
    expect(listed).toEqual(expect.arrayContaining([nordtrade.id, fjallhandel.id, norrskog.id]));
    expect(listed).not.toContain("org-none");
    expect(card.countries.map((country) => country.code)).toEqual(["SE", "FI"]);
  });

  it("lists the company's customers and the agent themself as contact persons, searchable", async () => {
    const browser = await shopper(agent.email);
    const contactsOf = async (search: string) => {
      const { contacts } = await cardOf(browser, search);
      if (contacts === null || "refused" in contacts) throw new Error("no contacts");
      return contacts;
    };
    const first = await contactsOf("");
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.every((user) => user.id === agent.id || !user.isSelf)).toBe(true);
    const buyer = await contactsOf(`?contact_q=${encodeURIComponent(companyBuyer.email)}`);
    expect(buyer).toMatchObject({ page: 1, search: companyBuyer.email });
    expect(buyer.items.map((user) => user.id)).toEqual([companyBuyer.id]);
    const self = await contactsOf(`?contact_q=${encodeURIComponent(agent.email)}`);
    expect(self.items).toMatchObject([{ id: agent.id, isSelf: true }]);
  });

  it("pages the contact persons after leaving out the other agents: full pages, 'Page x of y' counting only them (A§4)", async () => {
    const browser = await shopper(agent.email);
    // Nordtrade, the agent's first company, has agents of its own beside its customers.
    const expected = SEED_COMPANIES.nordtrade.customers + 1;
    const ids: string[] = [];
    let totalPages = 0;
    for (let page = 1; page === 1 || page <= totalPages; page++) {
      const { contacts } = await cardOf(browser, `?contact_page=${page}`);
      if (contacts === null || "refused" in contacts) throw new Error("no contacts");
      totalPages = contacts.totalPages;
      if (page < totalPages) expect(contacts.items).toHaveLength(10);
      ids.push(...contacts.items.map((user) => user.id));
    }
    expect(totalPages).toBe(Math.ceil(expected / 10));
    expect(new Set(ids).size).toBe(expected);
    for (const other of SEED_COMPANIES.nordtrade.generatedAgentIds)
      expect(ids).not.toContain(other);
  });

  it("starts a super admin with no company, every company to choose from, searchable and paged", async () => {
    const browser = await shopper(SEED_USERS.superAdmin.email);
    const card = await cardOf(browser);
    expect(card).toMatchObject({
      actsAs: "super_admin",
      pickerDisabled: false,
      company: null,
      contact: null,
      showsContacts: false,
      billing: { chosen: null },
    });
    expect(card.companies.items).toHaveLength(10);
    expect(card.companies.totalPages).toBeGreaterThan(1);

    const second = await cardOf(browser, "?company_page=2");
    expect(second.companies.page).toBe(2);
    expect(second.companies.items[0]?.id).not.toBe(card.companies.items[0]?.id);

    const found = await cardOf(browser, `?company_q=${encodeURIComponent("Fjällhandel")}`);
    expect(found.companies).toMatchObject({ search: "Fjällhandel", page: 1 });
    expect(found.companies.items.map((company) => company.id)).toEqual([fjallhandel.id]);
  });
});

describe("choosing (A§4 Customer card selection)", () => {
  it("a company: its default addresses, the checkout token cleared, the reference re-sent", async () => {
    const browser = await shopper(agent.email);
    expect((await openCheckout(browser)).state.kind).toBe("ready");
    expect(browser.cookieHeader()).toMatch(/(^|; )checkoutToken=/);

    const answer = (await post(
      browser,
      { intent: "card-company", organisationId: fjallhandel.id },
      "/cart?company_q=fj&contact_page=2&billing_tab=new",
    )) as Response;
    expect(answer.status).toBe(303);
    // The user list and the tabs start anew for a new company; the company search stays.
    expect(answer.headers.get("Location")).toBe("/cart?company_q=fj");
    expect(browser.cookieHeader()).not.toMatch(/(^|; )checkoutToken=/);

    const { card, cart } = await cartPage(browser);
    expect(card).toMatchObject({
      company: { id: fjallhandel.id },
      contact: { id: agent.id },
      billing: { chosen: { company_name: fjallhandel.name } },
      shipping: { chosen: { company_name: fjallhandel.name } },
    });
    expect(cart?.attributes).toMatchObject({
      company: {
        registrationNumber: fjallhandel.organisationNumber,
        taxId: fjallhandel.taxIdVatNumber,
        name: fjallhandel.name,
        reference: name(agent),
      },
      merchantReference1: fjallhandel.organisationNumber,
    });
  });

  it("a contact person: re-sends the reference with their name; someone else's user is refused", async () => {
    const browser = await shopper(agent.email);
    await post(browser, { intent: "card-company", organisationId: fjallhandel.id });
    expect(
      (
        (await post(browser, {
          intent: "card-contact",
          contactUserId: finnishCompanyBuyer.id,
        })) as Response
      ).status,
    ).toBe(303);
    const { card, cart } = await cartPage(browser);
    expect(card?.contact).toMatchObject({ id: finnishCompanyBuyer.id, isSelf: false });
    expect(cart?.attributes.company?.reference).toBe(name(finnishCompanyBuyer));

    // Nordtrade's buyer is no user of Fjällhandel: the platform refuses, the card stays.
    const refused = (await post(browser, {
      intent: "card-contact",
      contactUserId: companyBuyer.id,
    })) as Response;
    expect(refused.status).toBe(303);
    const { toast } = await readToast(browser.request("/cart"));
    expect(toast).toMatchObject({ variant: "error", title: "Valet kunde inte sparas" });
    expect((await cardOf(browser)).contact?.id).toBe(finnishCompanyBuyer.id);
  });

  it("an existing address of the company, and none of another company", async () => {
    const browser = await shopper(agent.email);
    const card = await cardOf(browser);
    const shipping = card.company?.shipping_address[0];
    if (!shipping) throw new Error("Nordtrade has no shipping address");
    expect(
      (
        (await post(browser, {
          intent: "card-address",
          kind: "shipping",
          mode: "existing",
          addressId: shipping.id,
        })) as Response
      ).status,
    ).toBe(303);
    expect((await cardOf(browser)).shipping.chosen?.id).toBe(shipping.id);

    const foreign = (await post(browser, {
      intent: "card-address",
      kind: "billing",
      mode: "existing",
      addressId: "adr-fjallhandel-billing",
    })) as Response;
    expect(foreign.status).toBe(303);
    expect((await readToast(browser.request("/cart"))).toast?.variant).toBe("error");
  });

  it("a new address: checked with the card's rules (A§5), then used, never saved to the company", async () => {
    const browser = await shopper(agent.email);
    const refused = (await post(browser, {
      intent: "card-address",
      kind: "shipping",
      mode: "new",
      company_name: "Nordtrade AB",
      street_address: "",
      city: "Uppsala",
      postal_code: "75320",
      country: "SE",
    })) as unknown as { data: { cardIntent: string; kind: string; result: { error: object } } };
    expect(refused.data).toMatchObject({ cardIntent: "card-address", kind: "shipping" });
    expect(refused.data.result.error).toEqual({
      street_address: ["validation.company.streetAddressRequired"],
      state_province: ["validation.company.stateProvinceRequired"],
    });

    const saved = (await post(
      browser,
      {
        intent: "card-address",
        kind: "shipping",
        mode: "new",
        name: "Byggarbetsplats",
        company_name: "Nordtrade AB",
        street_address: "Bygatan 12",
        city: "Uppsala",
        state_province: "Uppsala län",
        postal_code: "75320",
        country: "SE",
      },
      "/cart?shipping_tab=new",
    )) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/cart");
    const card = await cardOf(browser);
    expect(card.shipping).toMatchObject({
      tab: "new",
      chosen: { id: null, street_address: "Bygatan 12", state_province: "Uppsala län" },
    });
    expect(
      card.company?.shipping_address.some((address) => address.street_address === "Bygatan 12"),
    ).toBe(false);
  });

  it("warns about an inactive company and one that is not credit valid", async () => {
    const browser = await shopper(agent.email);
    await post(browser, { intent: "card-company", organisationId: norrskog.id });
    expect((await cardOf(browser)).company).toMatchObject({ is_inactive: true });
    await post(browser, { intent: "card-company", organisationId: saimaa.id });
    expect((await cardOf(browser)).company).toMatchObject({
      is_inactive: false,
      is_credit_valid: false,
    });
  });

  it("refuses a company that is not the agent's", async () => {
    const browser = await shopper(agent.email);
    const answer = (await post(browser, {
      intent: "card-company",
      organisationId: "org-none",
    })) as Response;
    expect(answer.status).toBe(303);
    expect((await readToast(browser.request("/cart"))).toast?.variant).toBe("error");
    expect((await cardOf(browser)).company?.id).toBe(nordtrade.id);
  });
});

describe("the card on the checkout page", () => {
  it("starts the checkout anew for a new choice", async () => {
    const browser = await shopper(agent.email);
    const first = await openCheckout(browser);
    expect(first.card?.company?.id).toBe(nordtrade.id);
    const token = browser.cookieHeader().match(/checkoutToken=([^;]+)/)?.[1];
    expect(token).toBeDefined();

    const route = await import("./checkout/route");
    const answer = (await settle(() =>
      route.action({
        request: browser.form("/checkout", {
          intent: "card-company",
          organisationId: fjallhandel.id,
          redirectTo: "/checkout",
        }),
        params: {},
        context: {},
      }),
    )) as Response;
    browser.keep(answer);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/checkout");
    expect(browser.cookieHeader()).not.toMatch(/(^|; )checkoutToken=/);

    const again = await openCheckout(browser);
    expect(again.card?.company?.id).toBe(fjallhandel.id);
    expect(browser.cookieHeader().match(/checkoutToken=([^;]+)/)?.[1]).not.toBe(token);
  });
});

describe("the order an agent places through the card", () => {
  it("carries the card's addresses, the contact's reference, and the agent on the company's behalf", async () => {
    const browser = await shopper(agent.email);
    await post(browser, { intent: "card-company", organisationId: fjallhandel.id });
    await post(browser, { intent: "card-contact", contactUserId: finnishCompanyBuyer.id });
    await post(browser, {
      intent: "card-address",
      kind: "shipping",
      mode: "new",
      company_name: "Fjällhandel Oy",
      street_address: "Työmaantie 4",
      city: "Espoo",
      state_province: "Uusimaa",
      postal_code: "02150",
      country: "FI",
    });

    const checkout = await openCheckout(browser);
    expect(checkout.state.kind).toBe("ready");
    // The checkout shows the same card, from the session the checkout was started with.
    expect(checkout.card).toMatchObject({
      company: { id: fjallhandel.id },
      contact: { id: finnishCompanyBuyer.id },
      shipping: { chosen: { id: null, street_address: "Työmaantie 4" } },
    });

    const back = new URL(
      await payInHostedPage(checkout.state.embed.hostedUrl, {
        givenName: "Axel",
        familyName: "Lund",
        email: "agent@kassa.test",
        telephoneNumber: "+46701234599",
        streetAddress: "Agentgatan 1",
      }),
      "http://storefront.test",
    );
    const confirmation = await import("./checkout_.confirmation/route");
    const confirmed = (await confirmation.loader({
      request: browser.request(`${back.pathname}${back.search}`),
      params: {},
      context: {},
    })) as unknown as { data: { confirmation: { kind: string; order?: { id: string } } } };
    const orderId = confirmed.data.confirmation.order?.id;
    if (!orderId) throw new Error("no order placed");

    const orderPage = await import("./my-account.orders.$id/route");
    const page = (await orderPage.loader({
      request: browser.request(`/my-account/orders/${orderId}`),
      params: { id: orderId },
      context: {},
    })) as unknown as { data: { order: Order } };
    const { order } = page.data;
    expect(order.company?.id).toBe(fjallhandel.id);
    expect(order.attributes).toMatchObject({
      company: { name: fjallhandel.name, reference: name(finnishCompanyBuyer) },
    });
    expect(order.billingAddress).toMatchObject({
      givenName: "Axel",
      organizationName: fjallhandel.name,
      streetAddress: "Aleksanterinkatu 15",
      city: "Helsinki",
      country: "FI",
    });
    expect(order.shippingAddress).toMatchObject({
      organizationName: "Fjällhandel Oy",
      streetAddress: "Työmaantie 4",
      postalCode: "02150",
      city: "Espoo",
      country: "FI",
      telephoneNumber: "+46701234599",
    });
    expect(order.events[0]).toMatchObject({
      kind: "placed",
      actor: { id: agent.id, role: "agent" },
      onBehalfOf: { id: fjallhandel.id, name: fjallhandel.name },
      details: { contact: { id: finnishCompanyBuyer.id } },
    });
  });
});
