import { Alert } from "@kassa/ui";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { creditWarning } from "~/modules/company/credit-warning";
import { AddressPanel } from "./address-panel";
import { CardListPicker } from "./card-list-picker";
import { CARD_PARAMS } from "./card-query";
import type {
  CardAddressReply,
  CardCompanyOption,
  CardContact,
  CustomerCardView,
} from "./card-view";

/**
 * The customer-information card (A§2) of the cart and the checkout, for agents and super admins
 * (A§4, A§6): the company the order is for, its contact person, and the billing and shipping
 * addresses. Every choice is a form post to the page (`intent` card-company, card-contact,
 * card-address); the page answers from the shopper session, which holds the choice.
 */
export function CustomerCard({
  card,
  pageReply,
}: {
  card: CustomerCardView;
  /** The page's answer to a refused new address (without JavaScript). */
  pageReply?: CardAddressReply;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const actionPath = location.pathname;
  const redirectTo = `${location.pathname}${location.search}`;
  const { company, contact } = card;
  const creditText = company
    ? creditWarning(i18n, "customerCard.notCreditValid", company.is_credit_valid)
    : null;
  const editable = card.editable;
  const contacts = card.contacts;

  return (
    <section
      aria-labelledby="customer-card-title"
      data-testid="customer-card"
      className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <header className="space-y-1">
        <h2 id="customer-card-title" className="text-xl font-semibold text-stone-900">
          {t("customerCard.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("customerCard.intro")}</p>
      </header>

      {company?.is_inactive ? (
        <Alert variant="warning">
          <span data-testid="card-inactive">{t("customerCard.inactive")}</span>
        </Alert>
      ) : null}
      {/* A§4: the credit warning shows only when a translation for it exists. */}
      {creditText ? (
        <Alert variant="warning">
          <span data-testid="card-not-credit-valid">{creditText}</span>
        </Alert>
      ) : null}

      {editable && !card.pickerDisabled ? (
        <CardListPicker<CardCompanyOption>
          name="company"
          title={t("customerCard.company")}
          chosen={
            company ? (
              <CompanyText name={company.name} number={company.organisation_number} />
            ) : (
              t("customerCard.noCompanyChosen")
            )
          }
          changeLabel={company ? t("customerCard.changeCompany") : t("customerCard.chooseCompany")}
          openInitially={!company || card.companies.search !== "" || card.companies.page > 1}
          page={card.companies}
          listKey="companies"
          listUrl={(search, page) =>
            listUrl({ list: "companies", company_q: search, company_page: page })
          }
          searchParam={CARD_PARAMS.companySearch}
          pageParam={CARD_PARAMS.companyPage}
          searchLabel={t("customerCard.searchCompany")}
          searchHint={t("customerCard.searchCompanyHint")}
          intent="card-company"
          fieldName="organisationId"
          chosenId={company?.id ?? null}
          rowOf={(option) => ({
            id: option.id,
            primary: option.name,
            secondary: [
              t("customerCard.organisationNumber", { number: option.organisation_number }),
              option.city,
            ]
              .filter(Boolean)
              .join(" · "),
            badge: option.is_inactive ? t("customerCard.inactiveBadge") : undefined,
          })}
          emptyText={(search) =>
            search ? t("customerCard.noOrganisationsFound") : t("customerCard.noneAvailable")
          }
          paginationLabel={t("customerCard.companyPagination")}
          actionPath={actionPath}
          redirectTo={redirectTo}
        />
      ) : (
        <section
          aria-labelledby="card-company-title"
          className="space-y-1"
          data-testid="card-company"
        >
          <h3 id="card-company-title" className="text-base font-semibold text-stone-900">
            {t("customerCard.company")}
          </h3>
          <div className="text-stone-800" data-testid="card-company-chosen">
            {company ? (
              <CompanyText name={company.name} number={company.organisation_number} />
            ) : (
              t("customerCard.noCompanyChosen")
            )}
          </div>
        </section>
      )}

      {company && card.showsContacts && contacts ? (
        "refused" in contacts ? (
          <Alert variant="error" title={t("customerCard.contact")}>
            {t("customerCard.usersRefused", { details: contacts.refused })}
          </Alert>
        ) : (
          <CardListPicker<CardContact>
            // A new company starts its user list anew (A§4: page 1, no search).
            key={company.id}
            name="contact"
            title={t("customerCard.contact")}
            chosen={contact ? <ContactText contact={contact} /> : t("customerCard.noContactChosen")}
            changeLabel={t("customerCard.changeContact")}
            openInitially={!contact || contacts.search !== "" || contacts.page > 1}
            page={contacts}
            listKey="contacts"
            listUrl={(search, page) =>
              listUrl({
                list: "contacts",
                company: company.id,
                contact_q: search,
                contact_page: page,
              })
            }
            searchParam={CARD_PARAMS.contactSearch}
            pageParam={CARD_PARAMS.contactPage}
            searchLabel={t("customerCard.searchContact")}
            searchHint={t("customerCard.searchContactHint")}
            intent="card-contact"
            fieldName="contactUserId"
            chosenId={contact?.id ?? null}
            rowOf={(user) => ({
              id: user.id,
              primary: nameOf(user, (name) => t("customerCard.you", { name })),
              secondary: user.email,
            })}
            emptyText={() => t("customerCard.noUsersFound")}
            paginationLabel={t("customerCard.contactPagination")}
            actionPath={actionPath}
            redirectTo={redirectTo}
          />
        )
      ) : null}

      {company ? (
        <div className="grid gap-4 md:grid-cols-2">
          {(["billing", "shipping"] as const).map((kind) => (
            <AddressPanel
              key={`${company.id}-${kind}`}
              kind={kind}
              panel={card[kind]}
              company={company}
              editable={editable}
              countries={card.countries}
              actionPath={actionPath}
              redirectTo={redirectTo}
              pageReply={pageReply}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function CompanyText({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="font-medium">{name}</span>
      <span className="text-sm text-stone-600">
        {" · "}
        {t("customerCard.organisationNumber", { number })}
      </span>
    </>
  );
}

function ContactText({ contact }: { contact: CardContact }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="font-medium">
        {nameOf(contact, (name) => t("customerCard.you", { name }))}
      </span>
      {contact.email ? <span className="text-sm text-stone-600"> · {contact.email}</span> : null}
    </>
  );
}

/** A user's name; the ordering user's own record says so ('Anna Agent (you)'). */
function nameOf(
  user: Pick<CardContact, "first_name" | "last_name" | "email" | "isSelf">,
  you: (name: string) => string,
): string {
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return user.isSelf ? you(name) : name;
}

function listUrl(params: Record<string, string | number>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== "" && !(key.endsWith("_page") && value === 1)) query.set(key, String(value));
  }
  return `/customer-card?${query.toString()}`;
}
