import { describe, expect, it } from "vitest";
import { readToast } from "~/modules/http/toast.server";
import { Browser, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * /presentkort against a real platform: a valid form puts a gift-card line priced at its amount in
 * the cart (starting the cart session), and invalid fields come back as field errors.
 */
withPlatform();

const valid = {
  amount: "500",
  templateId: "birthday",
  receivingEmail: "mottagare@example.se",
  senderName: "Anna",
  message: "Grattis på födelsedagen!",
};

async function post(browser: Browser, fields: Record<string, string>) {
  const route = await import("./route");
  return settle(() =>
    route.action({
      request: browser.form("/sv-se/presentkort", fields),
      params: { locale: "sv-se" },
      context: {},
    }),
  );
}

interface FormReply {
  data: { result: { error?: Record<string, string[] | null> }; failure: string | null };
  init: ResponseInit | null;
}

describe("/presentkort", () => {
  it("offers the market's amounts", async () => {
    const route = await import("./route");
    const page = await route.loader({
      request: new Browser().request("/sv-se/presentkort"),
      params: { locale: "sv-se" },
      context: {},
    });
    expect(page.currency).toBe("SEK");
    expect(page.amounts.map((amount) => amount.value)).toEqual(["250", "500", "1000"]);
  });

  it("adds a gift-card line priced at the amount and goes to the cart with a toast", async () => {
    const browser = new Browser();
    const answer = (await post(browser, valid)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/cart");
    browser.keep(answer);
    expect(browser.cookieHeader()).toContain("cartToken=");
    const { toast } = await readToast(browser.request("/cart"));
    expect(toast).toMatchObject({ variant: "success" });
    expect(toast?.title).toMatch(
      /^Presentkortet på 500\skr till mottagare@example\.se ligger i varukorgen\.$/,
    );

    const cart = await import("../cart");
    const page = (
      await cart.loader({
        request: browser.request("/cart"),
        params: {},
        context: {},
      })
    ).data as unknown as {
      cart: {
        items: {
          productVariantId: string;
          quantity: number;
          totalPriceAmount: number;
          customAttributes?: { giftCard?: { receivingEmail: string; templateId: string } };
        }[];
      };
    };
    expect(page.cart.items).toHaveLength(1);
    const [line] = page.cart.items;
    expect(line?.productVariantId).toBe("pv-gift-card");
    expect(line?.quantity).toBe(1);
    expect(line?.totalPriceAmount).toBe(50_000);
    expect(line?.customAttributes?.giftCard).toMatchObject({
      receivingEmail: "mottagare@example.se",
      templateId: "birthday",
    });

    // A second card goes into the same cart.
    browser.keep((await post(browser, { ...valid, amount: "250" })) as Response);
    const again = (
      await cart.loader({
        request: browser.request("/cart"),
        params: {},
        context: {},
      })
    ).data as unknown as { cart: { items: { totalPriceAmount: number }[] } };
    expect(again.cart.items.map((item) => item.totalPriceAmount).sort()).toEqual([25_000, 50_000]);
  });

  it("answers an invalid email and an amount out of range with field errors", async () => {
    const browser = new Browser();
    const answer = (await post(browser, {
      ...valid,
      amount: "20000",
      receivingEmail: "inte-en-adress",
    })) as unknown as FormReply;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      amount: ["giftCardShop.errors.amountOutOfRange"],
      receivingEmail: ["giftCardShop.errors.emailInvalid"],
    });
    expect(browser.cookieHeader()).not.toContain("cartToken=");
  });

  it("takes the currency from the market, not from the post", async () => {
    const answer = (await post(new Browser(), {
      ...valid,
      currency: "EUR",
      amount: "50",
    })) as unknown as FormReply;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      amount: ["giftCardShop.errors.amountOutOfRange"],
    });
  });

  it("shows the platform's refusal as an alert (at most 10 cards per cart)", async () => {
    const browser = new Browser();
    for (let card = 0; card < 10; card++) {
      const answer = (await post(browser, valid)) as Response;
      expect(answer.status).toBe(303);
      browser.keep(answer);
    }
    const refused = (await post(browser, valid)) as unknown as FormReply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.failure).toBeTruthy();
    expect(refused.data.result.error ?? {}).toEqual({});
  });

  it("says in the shopper's language that an order's cards go to at most three addresses", async () => {
    const browser = new Browser();
    for (const friend of ["ett", "tva", "tre"]) {
      const answer = (await post(browser, {
        ...valid,
        receivingEmail: `${friend}@example.se`,
      })) as Response;
      expect(answer.status).toBe(303);
      browser.keep(answer);
    }
    const refused = (await post(browser, {
      ...valid,
      receivingEmail: "fyra@example.se",
    })) as unknown as FormReply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.failure).toBe(
      "Presentkorten i en beställning kan skickas till högst 3 olika e-postadresser. Skicka de andra i en annan beställning.",
    );
  });
});
