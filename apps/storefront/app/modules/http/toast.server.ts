import { storefrontCookies } from "./cookies.server";
import { redirectOnSite } from "./redirect-to";
import { headersSettingCookies } from "./set-cookie-headers";

/**
 * One-shot messages carried across a redirect in a signed cookie (the Epic Stack's
 * `redirectWithToast`), so that a shopper without JavaScript sees them as well.
 */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: "default" | "success" | "error";
}

const TOAST_KEY = "toast";

export async function toastCookie(toast: Omit<Toast, "id">): Promise<string> {
  const storage = storefrontCookies().flash;
  const session = await storage.getSession();
  session.flash(TOAST_KEY, { id: crypto.randomUUID(), ...toast } satisfies Toast);
  return storage.commitSession(session);
}

/**
 * A 303 to `url` that shows `toast` on the next page; extra `Set-Cookie`s may ride along. A `url`
 * that would leave the shop leads to `fallback` (`redirectOnSite`).
 */
export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  setCookies: string[] = [],
  fallback = "/",
): Promise<Response> {
  const headers = headersSettingCookies([...setCookies, await toastCookie(toast)]);
  return redirectOnSite(url, { status: 303, headers }, fallback);
}

/** Reads the pending toast and the `Set-Cookie` that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = storefrontCookies().flash;
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = (session.get(TOAST_KEY) as Toast | undefined) ?? null;
  return { toast, setCookie: toast ? await storage.commitSession(session) : null };
}
