// The load bench's shoppers, as a person without JavaScript shops (the routes' forms and the
// payment sandbox's full page, as the shop's browser tests drive them): the home page, a category,
// a product; add to the cart by the product page's form; the cart, where the quantity buttons
// change a line; the checkout, whose link leads to the payment provider's own page; pay there, and
// land on the order confirmation. Each shopper checks what the shop shows against what it did
// (the cart's quantities, the checkout's and the order's lines), and tells a refusal of the shop
// (sold out, order limit: the shop saying no, in its own words) from an error.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  fieldOf,
  formsIn,
  linksIn,
  outermost,
  submission,
  testIdElement,
  textOf,
} from "./html-forms.mjs";
import { StepError } from "./load-browser.mjs";
import { root } from "./processes.mjs";

const { sv } = await import(pathToFileURL(join(root, "packages/i18n/dist/index.js")).href);

/** The steps, in the order a shopper takes them (the report's rows). */
export const SHOPPER_STEPS = [
  "home",
  "category",
  "product",
  "add to cart",
  "cart",
  "change quantity",
  "checkout",
  "payment page",
  "pay",
  "confirmation again",
];
export const BROWSING_STEPS = ["home", "category", "product"];

/** The flash message on a page (shown in the page without JavaScript): its kind and text. */
function flashOf(html) {
  const flash = testIdElement(html, "flash");
  if (!flash) return undefined;
  return { error: /role="alert"/.test(flash), text: textOf(flash) };
}

/** The refusal a flash message names, in the shop's own (Swedish) words, or undefined. */
function refusalIn(flash) {
  if (!flash?.error) return undefined;
  if (flash.text.includes(sv.cart.outOfStockTitle)) return "sold out";
  if (flash.text.includes(sv.checkout.outOfStockTitle)) return "sold out";
  if (flash.text.includes(sv.cart.orderLimitTitle)) return "order limit";
  return undefined;
}

function pick(list, random) {
  return list[Math.floor(random() * list.length)];
}

/** The cart page's lines: product slug, quantity shown, and the line's forms. */
function cartLines(page) {
  const list = testIdElement(page.html, "cart-lines");
  if (!list) return [];
  // The list's own items: a line's details are a list of their own.
  const inner = list.slice(list.indexOf(">") + 1);
  return outermost(inner, "li")
    .map((markup) => ({
      slug: /href="\/produkt\/([^"?#]+)"/.exec(markup)?.[1],
      // "Antal 2": a visually hidden label, then the number.
      quantity: Number(
        /(\d+)\s*$/.exec(textOf(/<output\b[^>]*>[\s\S]*?<\/output>/.exec(markup)?.[0] ?? ""))?.[1],
      ),
      forms: formsIn(markup, page.url),
    }))
    .filter((line) => line.slug);
}

/** "2 × Emaljmugg Koli – Naturvit" lines of the checkout's summary and the order's lines. */
function summaryLines(html, testId, pattern) {
  const list = testIdElement(html, testId);
  if (!list) return undefined;
  return outermost(list.slice(list.indexOf(">") + 1), "li")
    .map((markup) => textOf(markup))
    .map((text) => pattern(text))
    .filter(Boolean);
}

function expectPage(page, check, what) {
  if (!check) throw new StepError(`${what} missing on ${page.url}`);
}

/** A product's page: its add form, name, and whether it can be bought. */
function productForm(page) {
  const form = formsIn(page.html, page.url).find(
    // The wishlist's heart is an "add" form too; the cart's names the variant.
    (candidate) =>
      candidate.method === "POST" &&
      fieldOf(candidate, "intent") === "add" &&
      fieldOf(candidate, "productVariantId") !== undefined,
  );
  expectPage(page, form, "the add-to-cart form");
  const button = form.buttons[0];
  const soldOut = !button || button.disabled || !fieldOf(form, "quantity");
  const name = textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(page.html)?.[1] ?? "");
  return { form, button, soldOut, name };
}

/**
 * One shopper's visit, start to end, on a fresh browser. `plan`: the product every shopper buys
 * (`plenty`, stocked far beyond the run), the scarce one half of them also want (`scarce`), and
 * the random source.
 */
export async function shop({ browser, storefront, stats, plan }) {
  const { random } = plan;
  const at = (path) => new URL(path, storefront).href;
  const time = (step, work) => stats.time(step, work);
  stats.journeys.started += 1;

  // Browse: home → a category from its menu → a product of that category.
  const home = await time("home", () => browser.visit("GET", at("/")));
  const categories = linksIn(home.html, "/sv-se/kategori/");
  expectPage(home, categories.length > 0, "category links");
  const category = await time("category", () => browser.visit("GET", at(pick(categories, random))));
  const products = linksIn(category.html, "/sv-se/produkt/");
  expectPage(category, products.length > 0, "product links");
  await time("product", () => browser.visit("GET", at(pick(products, random))));

  // What this shopper buys: always the plentiful product, and half of them the scarce one too.
  const wanted = [{ ...plan.plenty, quantity: 1 + Math.floor(random() * 2) }];
  if (random() < 0.5) wanted.push({ ...plan.scarce, quantity: 1 });
  /** What the cart must show, by product slug, once the shop has said yes. */
  const expected = new Map();
  const names = new Map();
  for (const item of wanted) {
    const page = await time("product", () =>
      browser.visit("GET", at(`/sv-se/produkt/${item.slug}`)),
    );
    const product = productForm(page);
    names.set(item.slug, product.name);
    if (product.soldOut) {
      stats.refuse("product", "sold out (the product page's button is off)");
      continue;
    }
    const added = await time("add to cart", () =>
      browser.visit(
        "POST",
        product.form.action,
        submission(product.form, product.button, { quantity: item.quantity }),
      ),
    );
    const flash = flashOf(added.html);
    const refusal = refusalIn(flash);
    if (refusal) {
      stats.refuse("add to cart", `${refusal} (adding)`);
      continue;
    }
    if (flash?.error) throw new StepError(`adding answered "${flash.text}"`);
    expected.set(item.slug, (expected.get(item.slug) ?? 0) + item.quantity);
  }
  if (expected.size === 0) {
    stats.journeys.refused += 1;
    return;
  }

  // The cart: what it shows must be what was added.
  let cart = await time("cart", () => browser.visit("GET", at("/cart")));
  const compare = (page, where) => {
    const lines = cartLines(page);
    const shown = new Map(lines.map((line) => [line.slug, line.quantity]));
    for (const [slug, quantity] of expected) {
      if (shown.get(slug) !== quantity) {
        stats.lostUpdate(
          `${where}: ${slug} ${quantity} expected, ${shown.get(slug) ?? "no line"} shown`,
        );
        // Go on from what the shop shows, so one loss is counted once.
        if (shown.has(slug)) expected.set(slug, shown.get(slug));
        else expected.delete(slug);
      }
    }
    return lines;
  };
  compare(cart, "cart after adding");

  // Change quantities with the line's − and + buttons, one press at a time.
  const presses = 1 + Math.floor(random() * 3);
  for (let press = 0; press < presses; press++) {
    const lines = cartLines(cart).filter((line) => expected.has(line.slug));
    if (lines.length === 0) break;
    const line = pick(lines, random);
    const intent = line.quantity > 1 && random() < 0.4 ? "decrease" : "increase";
    const form = line.forms.find((candidate) =>
      candidate.buttons.some((button) => button.value === intent),
    );
    expectPage(cart, form, `the ${intent} button`);
    const button = form.buttons.find((candidate) => candidate.value === intent);
    cart = await time("change quantity", () =>
      browser.visit("POST", form.action, submission(form, button)),
    );
    const flash = flashOf(cart.html);
    const refusal = refusalIn(flash);
    if (refusal) {
      stats.refuse("change quantity", `${refusal} (more of a line)`);
    } else if (flash?.error) {
      throw new StepError(`changing the quantity answered "${flash.text}"`);
    } else {
      expected.set(line.slug, expected.get(line.slug) + (intent === "increase" ? 1 : -1));
    }
    compare(cart, `cart after ${intent}`);
  }

  // The checkout: the cart's own link. A line sold out meanwhile sends the shopper back to the
  // cart, without it; they go to the checkout again with what is left.
  let checkout;
  for (let attempt = 0; attempt < 2 && !checkout; attempt++) {
    const page = await time("checkout", () => browser.visit("GET", at("/checkout")));
    if (new URL(page.url).pathname === "/cart") {
      const refusal = refusalIn(flashOf(page.html));
      if (!refusal) throw new StepError(`the checkout sent the shopper to the cart`);
      stats.refuse("checkout", `${refusal} (at the checkout)`);
      const left = new Set(cartLines(page).map((line) => line.slug));
      for (const slug of [...expected.keys()]) if (!left.has(slug)) expected.delete(slug);
      if (expected.size === 0) {
        stats.journeys.refused += 1;
        return;
      }
      continue;
    }
    checkout = page;
  }
  if (!checkout) throw new StepError("the checkout sent the shopper back twice");
  const checkoutLines = summaryLines(checkout.html, "checkout-lines", (text) => {
    const match = /^(\d+) × (.+?) \d/.exec(text) ?? /^(\d+) × (.+)$/.exec(text);
    return match && { quantity: Number(match[1]), name: match[2] };
  });
  expectPage(checkout, checkoutLines, "the checkout's lines");
  for (const [slug, quantity] of expected) {
    const line = checkoutLines.find((candidate) => candidate.name.startsWith(names.get(slug)));
    if (line?.quantity !== quantity) {
      stats.lostUpdate(
        `checkout: ${slug} ${quantity} expected, ${line?.quantity ?? "no line"} shown`,
      );
    }
  }
  if (checkoutLines.length !== expected.size) {
    stats.lostUpdate(`checkout: ${checkoutLines.length} lines, ${expected.size} expected`);
  }

  // Pay on the provider's own page (the checkout's link for a browser without JavaScript).
  const providerLink = /<noscript>[\s\S]*?<a\b[^>]*\bhref="([^"]+)"[\s\S]*?<\/noscript>/.exec(
    checkout.html,
  )?.[1];
  expectPage(checkout, providerLink, "the link to the payment page");
  const paymentPage = await time("payment page", () =>
    browser.visit("GET", new URL(providerLink.replaceAll("&amp;", "&"), checkout.url).href),
  );
  const paymentForm = formsIn(paymentPage.html, paymentPage.url).find((form) =>
    form.buttons.some((button) => button.value === "approve"),
  );
  expectPage(paymentPage, paymentForm, "the payment form");
  const approve = paymentForm.buttons.find((button) => button.value === "approve");
  const confirmation = await time("pay", () =>
    browser.visit("POST", paymentForm.action, submission(paymentForm, approve)),
  );
  if (new URL(confirmation.url).pathname === "/cart") {
    const refusal = refusalIn(flashOf(confirmation.html));
    if (!refusal) throw new StepError("paying sent the shopper to the cart");
    stats.refuse("pay", `${refusal} (when paying)`);
    stats.journeys.refused += 1;
    return;
  }
  const orderNumber = textOf(testIdElement(confirmation.html, "order-number") ?? "");
  expectPage(confirmation, /^\d+$/.test(orderNumber), "the order number");
  const orderLines = summaryLines(confirmation.html, "order-lines", (text) => {
    const match = /^(.+?) (\d+) st\b/.exec(text);
    return match && { name: match[1], quantity: Number(match[2]) };
  });
  for (const [slug, quantity] of expected) {
    const line = orderLines?.find((candidate) => candidate.name.startsWith(names.get(slug)));
    if (line?.quantity !== quantity) {
      stats.lostUpdate(
        `order: ${slug} ${quantity} expected, ${line?.quantity ?? "no line"} ordered`,
      );
    }
  }
  stats.ordersSeen.push(orderNumber);
  stats.journeys.completed += 1;

  // One in five reloads the confirmation: the same order again, never a second one.
  if (random() < 0.2) {
    const again = await time("confirmation again", () => browser.visit("GET", confirmation.url));
    const shown = textOf(testIdElement(again.html, "order-number") ?? "");
    if (shown !== orderNumber) {
      throw new StepError(
        `the confirmation reloaded shows order ${shown || "none"}, not ${orderNumber}`,
      );
    }
  }
}

/** An anonymous visitor (through the shared cache): home, a category, two of its products. */
export async function browse({ browser, storefront, stats, plan }) {
  const { random } = plan;
  const at = (path) => new URL(path, storefront).href;
  stats.journeys.started += 1;
  const seen = (page) => {
    const cache = page.headers["x-cache"];
    if (cache === "HIT" || cache === "MISS") stats.cacheAnswers[cache] += 1;
    else stats.cacheAnswers.other += 1;
    return page;
  };
  const home = seen(await stats.time("home", () => browser.visit("GET", at("/"))));
  const categories = linksIn(home.html, "/sv-se/kategori/");
  expectPage(home, categories.length > 0, "category links");
  const category = seen(
    await stats.time("category", () => browser.visit("GET", at(pick(categories, random)))),
  );
  const products = linksIn(category.html, "/sv-se/produkt/");
  expectPage(category, products.length > 0, "product links");
  for (let i = 0; i < 2; i++) {
    seen(await stats.time("product", () => browser.visit("GET", at(pick(products, random)))));
  }
  stats.journeys.completed += 1;
}
