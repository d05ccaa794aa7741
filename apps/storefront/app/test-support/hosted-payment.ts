import { expect } from "vitest";

/** What a shopper types into a sandbox provider's hosted payment page. */
export interface HostedPaymentBuyer {
  givenName: string;
  familyName: string;
  email: string;
  telephoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string;
}

const ANNA: HostedPaymentBuyer = {
  givenName: "Anna",
  familyName: "Andersson",
  email: "anna@example.se",
  telephoneNumber: "+46701234567",
  streetAddress: "Storgatan 1",
  postalCode: "11122",
  city: "Stockholm",
  country: "SE",
};

/**
 * Pays in the sandbox's hosted page (`hostedUrl` of a ready checkout) as a shopper would, and
 * answers the path the provider sends the browser back to (the confirmation, with its query).
 * `fetchImpl` for a test that replaced the global fetch.
 */
export async function payInHostedPage(
  hostedUrl: string,
  buyer: Partial<HostedPaymentBuyer> = {},
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const paid = await fetchImpl(hostedUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...ANNA, ...buyer, outcome: "approve" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get("location") ?? "");
  return `${back.pathname}${back.search}`;
}
