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
