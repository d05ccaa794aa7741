import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The nonce the page's own scripts were sent with. The browser hides it from the attribute once
 * the policy is read, but keeps it in the `nonce` property.
 */
function pageNonce(): string | undefined {
  return Array.from(document.scripts).find((script) => script.nonce)?.nonce || undefined;
}

/**
 * The payment provider's snippet (C§2: the checkout embeds the chosen provider's snippet): a
 * container and the provider's script, which puts its widget in an iframe. Inserted by the browser
 * after hydration, script tags re-created so that they run, as every provider's integration guide
 * says. Each re-created script carries the page's nonce: the checkout is never shared, so its
 * Content-Security-Policy names one (ADR 0032), and a provider's inline script (Klarna's snippet
 * has one) runs with it; its external scripts come from `KASSA_PAYMENT_ORIGINS`. Without
 * JavaScript no snippet can run: the shopper gets a link to the provider's own page for the same
 * payment instead, and comes back to the same confirmation route.
 */
export function ProviderEmbed({
  html,
  hostedUrl,
  providerLabel,
}: {
  html: string;
  hostedUrl: string;
  providerLabel: string;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.innerHTML = html;
    const nonce = pageNonce();
    for (const inert of Array.from(element.querySelectorAll("script"))) {
      const script = document.createElement("script");
      for (const attribute of Array.from(inert.attributes)) {
        script.setAttribute(attribute.name, attribute.value);
      }
      if (nonce) script.nonce = nonce;
      script.text = inert.text;
      inert.replaceWith(script);
    }
    return () => {
      element.innerHTML = "";
    };
  }, [html]);

  return (
    <div data-testid="payment-provider">
      <div ref={container} suppressHydrationWarning />
      <noscript>
        <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-6">
          <h3 className="text-lg font-semibold">{t("checkout.noScriptTitle")}</h3>
          <p className="text-stone-700">{t("checkout.noScriptBody")}</p>
          <a
            href={hostedUrl}
            className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {t("checkout.goToPayment", { provider: providerLabel })}
          </a>
        </div>
      </noscript>
    </div>
  );
}
