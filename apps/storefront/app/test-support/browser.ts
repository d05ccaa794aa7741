/**
 * A browser for route tests: keeps the cookies of each answer and sends them with the next
 * request, so loaders and actions can be driven like a person's visit without a real browser.
 */
export class Browser {
  private jar = new Map<string, string>();

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value.join("="));
    }
  }

  request(path: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers);
    headers.set("Cookie", this.cookieHeader());
    return new Request(`http://storefront.test${path}`, { ...init, headers });
  }

  form(path: string, fields: Record<string, string>): Request {
    return this.request(path, { method: "POST", body: new URLSearchParams(fields) });
  }
}

/** Runs a loader or action, returning a thrown Response (a redirect) instead of throwing it. */
export async function settle<T>(call: () => Promise<T>): Promise<T | Response> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * Adds a variant from its product page in a locale (`sv-se` unless told), as the page's form
 * posts it; the browser keeps the cart (and the locale, which shopping there makes its own).
 */
export async function addFromProductPage(
  browser: Browser,
  slug: string,
  productVariantId: string,
  quantity = 1,
  locale = "sv-se",
) {
  const product = await import("~/routes/$locale.$prefix.$slug/route");
  const prefix = locale.endsWith("-fi") ? "tuote" : "produkt";
  const answer = (await settle(() =>
    product.action({
      request: browser.form(`/${locale}/${prefix}/${slug}`, {
        intent: "add",
        productVariantId,
        quantity: String(quantity),
      }),
      params: { locale, prefix, slug },
      context: {},
    }),
  )) as Response;
  browser.keep(answer);
  return answer;
}

/** Posts the login page's form, as a person would; the browser keeps the cookies it answers. */
export async function logInThroughForm(
  browser: Browser,
  email: string,
  password: string,
  redirectTo = "",
) {
  const login = await import("~/routes/login/route");
  const answer = await settle(() =>
    login.action({
      request: browser.form("/login", { intent: "log-in", email, password, redirectTo }),
      params: {},
      context: {},
    }),
  );
  if (answer instanceof Response) browser.keep(answer);
  return answer;
}

/** A loader as route tests call it. */
type PageLoader<T> = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Record<string, unknown>;
}) => Promise<T>;

/**
 * Opens a mail's link (`/reset-password/?token=…`) as a browser does (ADR 0050): the page's
 * loader answers with a redirect to the page without the token, setting the token's cookie; the
 * browser keeps the cookies and asks for the page again. Returns the page's own answer; the
 * cookies it sets (`data(…, { headers })`) are kept too.
 */
export async function openLink<T>(
  browser: Browser,
  path: string,
  loader: PageLoader<T>,
): Promise<Exclude<T, Response>> {
  let next = path;
  for (let hop = 0; hop < 5; hop++) {
    const answer = await settle(() =>
      loader({ request: browser.request(next), params: {}, context: {} }),
    );
    if (answer instanceof Response) {
      browser.keep(answer);
      const location = answer.headers.get("Location");
      if (answer.status < 300 || answer.status >= 400 || !location) throw answer;
      next = location;
      continue;
    }
    const init = (answer as { init?: ResponseInit | null } | null)?.init;
    if (init?.headers) browser.keep(new Response(null, { headers: init.headers }));
    return answer as Exclude<T, Response>;
  }
  throw new Error(`${path}: too many redirects`);
}
