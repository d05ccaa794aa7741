import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { Browser, openLink, settle } from "~/test-support/browser";
import { mailLinkTo } from "~/test-support/mail";
import { withPlatform } from "~/test-support/platform";

/**
 * The newsletter against a real platform (C§2–C§8): the block's post to `/newsletter`, the double
 * opt-in mail's confirm link, and its unsubscribe page.
 */
const platform = withPlatform();

interface Reply {
  data: {
    result: { status?: string; error?: Record<string, string[] | null> };
    outcome: { state: string; email?: string; message?: string } | null;
    source: string;
  };
  init: ResponseInit | null;
}

function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

async function subscribe(fields: Record<string, string>, path = "/sv-se/newsletter") {
  const route = await import("./route");
  return (await settle(() =>
    route.action({
      request: new Browser().form(path, { intent: "subscribe", ...fields }),
      params: { locale: path.split("/")[1] },
      context: {},
    }),
  )) as unknown as Reply;
}

/** The path and query of the newest mail's link to `path` on the storefront. */
const linkTo = (email: string, path: string) => mailLinkTo(platform().url, email, path);

/** The confirm page a mail's link opens, its token moved into a cookie on the way (ADR 0050). */
async function confirmPage(path: string, browser = new Browser()) {
  const route = await import("../newsletter_.confirm/route");
  return (await openLink(browser, path, route.loader)).data;
}

async function unsubscribePage(path: string, browser = new Browser()) {
  const route = await import("../newsletter_.unsubscribe/route");
  return openLink(browser, path, route.loader);
}

/** The page's button, as it posts: no token in the form or the address, the page's cookie has it. */
async function unsubscribeButton(browser: Browser) {
  const route = await import("../newsletter_.unsubscribe/route");
  const answer = (await route.action({
    request: browser.form("/newsletter/unsubscribe", { intent: "unsubscribe" }),
    params: {},
    context: {},
  })) as unknown as { data: { state: string }; init: ResponseInit | null };
  if (answer.init?.headers) browser.keep(new Response(null, { headers: answer.init.headers }));
  return answer;
}

/** A mailbox provider's one-click unsubscribe (RFC 8058): a form post to the header's URL, no cookie. */
async function oneClick(path: string) {
  const route = await import("../newsletter_.unsubscribe/route");
  return (await route.action({
    request: new Request(`http://storefront.test${path}`, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    }),
    params: {},
    context: {},
  })) as unknown as { data: { state: string }; init: ResponseInit | null };
}

/** The path and query of the URL in the newest mail's `List-Unsubscribe` header. */
async function listUnsubscribePath(email: string): Promise<string> {
  const response = await fetch(`${platform().url}/dev/mail.json?to=${encodeURIComponent(email)}`);
  const [mail] = (await response.json()) as { headers: Record<string, string> }[];
  const uri = /^<(https?:[^>]+)>$/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1];
  if (!uri) throw new Error(`no List-Unsubscribe in the mail to ${email}`);
  const url = new URL(uri);
  return `${url.pathname}${url.search}`;
}

/** What the platform answers a new sign-up of the address: whether it is still subscribed. */
async function signupAnswer(email: string): Promise<string> {
  const response = await fetch(`${platform().url}/marketing/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, listId: "newsletter", lang: "sv" }),
  });
  return ((await response.json()) as { message: string }).message;
}

afterEach(() => {
  delete process.env.KASSA_NEWSLETTER_LIST_ID;
  reloadConfig();
});

describe("/newsletter", () => {
  it("answers an empty and a bad address with C§5's messages, keeping what was typed", async () => {
    const empty = await subscribe({ email: " ", source: "storefront-home" });
    expect(empty.init?.status).toBe(400);
    expect(empty.data.result.error?.email).toEqual(["newsletter.errors.emailRequired"]);
    expect(empty.data.outcome).toBeNull();

    const bad = await subscribe({ email: "anna@example", source: "storefront-footer" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result.error?.email).toEqual(["newsletter.errors.emailInvalid"]);
    expect(bad.data.source).toBe("storefront-footer");
    expect(JSON.stringify(bad.data.result)).toContain("anna@example");
  });

  it("signs an address up, mails a confirm link, and confirms it once", async () => {
    const email = uniqueEmail("nyhetsbrev");
    const signed = await subscribe({
      email: `  ${email.toUpperCase()} `,
      source: "storefront-home",
    });
    expect(signed.init?.status ?? 200).toBe(200);
    expect(signed.data.outcome).toEqual({ state: "success", email });

    const confirmLink = await linkTo(email, "/newsletter/confirm");
    const confirmed = await confirmPage(confirmLink);
    expect(confirmed.state).toBe("confirmed");
    expect(confirmed.title).toBe("Nu prenumererar du – Kassa");
    expect((await confirmPage(confirmLink)).state).toBe("alreadyConfirmed");

    // Signing up again says the same as the first time (ADR 0017: no one learns who subscribes).
    const again = await subscribe({ email, source: "storefront-footer" });
    expect(again.data.outcome).toEqual({ state: "success", email });
  });

  it("says the link does not work for a missing, unknown or tampered token", async () => {
    expect((await confirmPage("/newsletter/confirm")).state).toBe("invalidLink");
    expect((await confirmPage("/newsletter/confirm?token=nope")).state).toBe("invalidLink");
    expect((await confirmPage("/newsletter/confirm?token=nope&lng=en")).title).toBe(
      "The link does not work – Kassa",
    );
  });

  it("unsubscribes by the mail's link only after the button is pressed", async () => {
    const email = uniqueEmail("avsluta");
    await subscribe({ email, source: "storefront-home" });
    await confirmPage(await linkTo(email, "/newsletter/confirm"));

    const unsubscribeLink = await linkTo(email, "/newsletter/unsubscribe");
    const browser = new Browser();
    const page = await unsubscribePage(unsubscribeLink, browser);
    expect(page.state).toBe("ask");
    // The page holds no token (ADR 0050): its cookie does, until the button uses it.
    const token = new URL(`http://x${unsubscribeLink}`).searchParams.get("token") ?? "";
    expect(JSON.stringify(page)).not.toContain(token);

    expect((await unsubscribeButton(browser)).data.state).toBe("unsubscribed");
    // Used, the cookie is gone: the page asks for the link again.
    expect((await unsubscribeButton(browser)).data.state).toBe("linkLost");
    expect((await unsubscribeButton(new Browser())).data.state).toBe("linkLost");
    const forged = new Browser();
    expect((await unsubscribePage("/newsletter/unsubscribe?token=nope", forged)).state).toBe("ask");
    expect((await unsubscribeButton(forged)).data.state).toBe("invalidLink");
    expect((await unsubscribePage("/newsletter/unsubscribe")).state).toBe("invalidLink");
  });

  it("unsubscribes by the List-Unsubscribe header's one-click POST, never by a GET of it", async () => {
    const email = uniqueEmail("ettklick");
    await subscribe({ email, source: "storefront-home" });
    await confirmPage(await linkTo(email, "/newsletter/confirm"));
    const path = await listUnsubscribePath(email);
    expect(path).toMatch(/^\/newsletter\/unsubscribe\?token=[\w-]{43}$/);

    // A link scanner that opens the URL only gets the question.
    expect((await unsubscribePage(path)).state).toBe("ask");
    expect(await signupAnswer(email)).toBe("already_subscribed");

    // A token that is not the mail's unsubscribes nobody, and says so to the provider.
    const token = new URL(`http://x${path}`).searchParams.get("token") ?? "";
    const forged = await oneClick(`/newsletter/unsubscribe?token=${token.slice(0, -2)}xx`);
    expect(forged.init?.status).toBe(400);
    expect(forged.data.state).toBe("invalidLink");
    expect((await oneClick("/newsletter/unsubscribe")).init?.status).toBe(400);
    expect(await signupAnswer(email)).toBe("already_subscribed");

    const posted = await oneClick(path);
    expect(posted.init?.status ?? 200).toBe(200);
    expect(posted.data.state).toBe("unsubscribed");
    // No longer on the list: a new sign-up starts the double opt-in again.
    expect(await signupAnswer(email)).toBe("confirmation_sent");
  });

  it("says 'Subscription failed' when the provider refuses (an unknown list)", async () => {
    process.env.KASSA_NEWSLETTER_LIST_ID = "no-such-list";
    reloadConfig();
    const refused = await subscribe({ email: uniqueEmail("lista"), source: "storefront-home" });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.outcome).toMatchObject({
      state: "error",
      message: "newsletter.errors.subscriptionFailed",
    });
  });

  it("says 'An unexpected error occurred' when the provider cannot be reached", async () => {
    const saved = process.env.KASSA_MARKETING_API_URL;
    process.env.KASSA_MARKETING_API_URL = `http://127.0.0.1:${await closedPort()}`;
    reloadConfig();
    try {
      const failed = await subscribe({ email: uniqueEmail("nere"), source: "storefront-home" });
      expect(failed.init?.status).toBe(503);
      expect(failed.data.outcome).toMatchObject({
        state: "error",
        message: "newsletter.errors.unexpected",
      });
      // The typed address stays in the form.
      expect(JSON.stringify(failed.data.result)).toContain("nere.");
    } finally {
      process.env.KASSA_MARKETING_API_URL = saved;
    }
  });
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
