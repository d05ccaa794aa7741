import type { OrderActor, OrderEvent, OrderNote } from "@kassa/api-client";
import { formatMoney, formatOrderDate } from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { useTranslation } from "react-i18next";

const KNOWN_STATES = ["awaiting_customer_action", "customer_approved", "customer_declined"];

type Translate = (key: TranslationKey, options?: Record<string, string | number>) => string;

function actorText(actor: OrderActor, t: Translate): string {
  if (actor.type === "system") return t("orders.roles.system");
  return t("orders.event.actor", { name: actor.name, role: t(`orders.roles.${actor.role}`) });
}

function stateName(stateId: unknown, t: Translate): string {
  const id = String(stateId);
  return KNOWN_STATES.includes(id)
    ? t(`orders.customState.${id as "awaiting_customer_action"}`)
    : id;
}

/** What an audit entry says happened, in the page's language. */
function eventText(event: OrderEvent, t: Translate, money: (amount: number) => string): string {
  switch (event.kind) {
    case "custom_state_added":
    case "custom_state_removed":
      return t(`orders.event.${event.kind}`, { state: stateName(event.details.stateId, t) });
    case "delivered":
      return event.details.partial
        ? t("orders.event.deliveredPartly")
        : t("orders.event.delivered");
    case "compensated":
      return t("orders.event.compensated", { amount: money(Number(event.details.amount ?? 0)) });
    default:
      return t(`orders.event.${event.kind}`);
  }
}

/** The notes of an order (C§4: decline reasons, change requests), oldest first. */
export function OrderNotes({ notes, timeZone }: { notes: OrderNote[]; timeZone: string }) {
  const { t } = useTranslation();
  const translate = t as unknown as Translate;
  if (notes.length === 0) {
    return (
      <p className="text-sm text-stone-600" data-testid="order-notes">
        {t("orders.page.noNotes")}
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="order-notes">
      {notes.map((note) => (
        <li key={note.id} className="rounded-xl border border-stone-200 bg-white p-4">
          <p className="text-xs text-stone-600">
            <time dateTime={note.createdAt}>{formatOrderDate(note.createdAt, timeZone)}</time>
            {" · "}
            {actorText(note.author, translate)}
          </p>
          <p className="mt-1 whitespace-pre-line text-stone-900">{note.text}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The order's audit trail (beyond the spec): who did what and when, and on whose behalf an agent
 * or super admin acted. Oldest first, as it happened.
 */
export function OrderHistory({
  events,
  timeZone,
  currencyCode,
  locale,
}: {
  events: OrderEvent[];
  timeZone: string;
  currencyCode: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const translate = t as unknown as Translate;
  const money = (amount: number) => formatMoney(amount, currencyCode, locale);
  if (events.length === 0) {
    return <p className="text-sm text-stone-600">{t("orders.page.noHistory")}</p>;
  }
  return (
    <ol className="space-y-2 border-l-2 border-stone-200 pl-4" data-testid="order-history">
      {events.map((event) => (
        <li key={event.id} className="text-sm">
          <p className="font-medium text-stone-900">{eventText(event, translate, money)}</p>
          <p className="text-xs text-stone-600">
            <time dateTime={event.at}>{formatOrderDate(event.at, timeZone)}</time>
            {" · "}
            {actorText(event.actor, translate)}
            {event.onBehalfOf
              ? ` ${translate("orders.event.onBehalfOf", { company: event.onBehalfOf.name })}`
              : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
