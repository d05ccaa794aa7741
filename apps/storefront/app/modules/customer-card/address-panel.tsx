import type { Address, SessionCustomerAddress } from "@kassa/api-client";
import type { AddressKind } from "@kassa/domain";
import { countryName } from "@kassa/domain";
import { TabLinks } from "@kassa/ui";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceButton } from "./card-list-picker";
import { type AddressTab, tabParam, withParams } from "./card-query";
import type { CardAddressPanel, CardAddressReply, CardCompany } from "./card-view";
import { InterceptLink, LinkInterceptorContext } from "./intercept-link";
import { NewAddressForm } from "./new-address-form";

/**
 * One address panel of the card (A§2: billing, shipping): the Existing / New address tabs (only
 * while the card can be changed), the company's addresses of that kind to choose from with the
 * chosen one's details (Existing only), or the new-address form (New). Choosing among the
 * existing addresses is not possible while New is shown (A§4).
 */
export function AddressPanel({
  kind,
  panel,
  company,
  editable,
  countries,
  actionPath,
  redirectTo,
  pageReply,
}: {
  kind: AddressKind;
  panel: CardAddressPanel;
  company: CardCompany;
  editable: boolean;
  countries: { code: string; name: string }[];
  actionPath: string;
  redirectTo: string;
  pageReply?: CardAddressReply;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const headingId = useId();
  // The tab switches in place with JavaScript; without it each tab is a link to the page.
  const [tab, setTab] = useState<AddressTab>(panel.tab);
  useEffect(() => setTab(panel.tab), [panel.tab]);
  const switchTab = (link: HTMLAnchorElement) =>
    setTab(link.dataset.tab === "new" ? "new" : "existing");
  const chosen = panel.chosen;
  const addresses = company[`${kind}_address`];
  const title =
    kind === "billing" ? t("customerCard.billingAddress") : t("customerCard.shippingAddress");
  // A refused new address keeps its tab open, with its messages.
  const shownTab = pageReply?.kind === kind ? "new" : tab;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 p-4"
      data-testid={`card-${kind}`}
    >
      <h3 id={headingId} className="text-base font-semibold text-stone-900">
        {title}
      </h3>
      {editable ? (
        <LinkInterceptorContext.Provider value={switchTab}>
          <TabLinks
            label={
              kind === "billing" ? t("customerCard.billingTabs") : t("customerCard.shippingTabs")
            }
            current={shownTab}
            linkComponent={InterceptLink}
            tabs={(["existing", "new"] as const).map((id) => ({
              id,
              label:
                id === "existing"
                  ? t("customerCard.existingAddress")
                  : t("customerCard.newAddress"),
              href: withParams(location.search, { [tabParam(kind)]: id }),
            }))}
          />
        </LinkInterceptorContext.Provider>
      ) : null}
      {shownTab === "existing" || !editable ? (
        <>
          {editable ? (
            <ExistingAddresses
              kind={kind}
              addresses={addresses}
              chosenId={chosen?.id ?? null}
              actionPath={actionPath}
              redirectTo={redirectTo}
            />
          ) : null}
          {chosen?.id ? (
            <AddressDetails address={chosen} testId={`card-${kind}-details`} />
          ) : (
            <p className="text-sm text-stone-600">
              {chosen ? t("customerCard.newAddressInUse") : t("customerCard.noAddressChosen")}
            </p>
          )}
        </>
      ) : (
        <NewAddressForm
          key={chosen && chosen.id === null ? JSON.stringify(chosen) : "blank"}
          kind={kind}
          initial={
            chosen && chosen.id === null
              ? chosen
              : { company_name: company.name, country: addresses[0]?.country }
          }
          countries={countries}
          actionPath={actionPath}
          redirectTo={redirectTo}
          pageReply={pageReply}
        />
      )}
    </section>
  );
}

function ExistingAddresses({
  kind,
  addresses,
  chosenId,
  actionPath,
  redirectTo,
}: {
  kind: AddressKind;
  addresses: Address[];
  chosenId: string | null;
  actionPath: string;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: `card-${kind}-existing` });
  const pendingId =
    fetcher.state !== "idle" ? String(fetcher.formData?.get("addressId") ?? "") : "";
  if (addresses.length === 0) {
    return <p className="text-sm text-stone-600">{t("customerCard.noAddresses")}</p>;
  }
  return (
    <fetcher.Form method="post" action={actionPath} preventScrollReset>
      <input type="hidden" name="intent" value="card-address" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="mode" value="existing" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ul className="flex flex-col gap-2" aria-label={t("customerCard.companyAddresses")}>
        {addresses.map((address) => (
          <li key={address.id}>
            <ChoiceButton
              name="addressId"
              row={{
                id: address.id,
                primary: address.name || address.company_name || address.street_address,
                secondary: [address.street_address, `${address.postal_code} ${address.city}`]
                  .filter((part) => part.trim() !== "")
                  .join(", "),
              }}
              chosen={address.id === chosenId}
              busy={pendingId === address.id}
              disabled={pendingId !== "" && pendingId !== address.id}
              chosenLabel={t("customerCard.chosen")}
            />
          </li>
        ))}
      </ul>
    </fetcher.Form>
  );
}

/**
 * The chosen address as it will be on the order (A§2: shown in Existing mode only, under the
 * list that names it).
 */
function AddressDetails({ address, testId }: { address: SessionCustomerAddress; testId: string }) {
  const { i18n } = useTranslation();
  const lines = [
    address.company_name,
    address.co_address ? `c/o ${address.co_address}` : "",
    [address.street_address, address.house_number].filter(Boolean).join(" "),
    `${address.postal_code} ${address.city}`.trim(),
    address.state_province,
    countryName(address.country, i18n.language),
    address.phone,
  ].filter((line) => line.trim() !== "");
  return (
    <address
      className="rounded-lg bg-stone-50 p-3 text-sm text-stone-800 not-italic"
      data-testid={testId}
    >
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
