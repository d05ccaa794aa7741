import { type OrderBadgeSource, type OrderBadgeTone, orderBadges } from "@kassa/domain";
import { Badge, type BadgeVariant } from "@kassa/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const VARIANTS: Record<OrderBadgeTone, BadgeVariant> = {
  neutral: "neutral",
  info: "info",
  success: "success",
  warning: "warning",
  danger: "danger",
};

const KNOWN_CUSTOM_STATES = [
  "awaiting_customer_action",
  "customer_approved",
  "customer_declined",
] as const;

type KnownCustomState = (typeof KNOWN_CUSTOM_STATES)[number];

function isKnownCustomState(id: string): id is KnownCustomState {
  return (KNOWN_CUSTOM_STATES as readonly string[]).includes(id);
}

/**
 * An order's badges (C§4): one per back-office state (RELEASED reads "processing", CANCELLED
 * "declined"; a state C§4 does not name has none), every custom state by its id, and the Provorder
 * badge, whose explanation shows on hover and on keyboard focus and is the badge's description for
 * screen readers, with or without JavaScript.
 */
export function OrderBadges({ order }: { order: OrderBadgeSource }) {
  const { t } = useTranslation();
  const tooltipId = useId();
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {orderBadges(order).map((badge) => {
        if (badge.kind === "state") {
          return (
            <Badge key={badge.state} variant={VARIANTS[badge.tone]}>
              {t(`orders.badge.${badge.state}`)}
            </Badge>
          );
        }
        if (badge.kind === "custom") {
          return (
            <Badge key={`custom-${badge.id}`} variant={VARIANTS[badge.tone]}>
              {isKnownCustomState(badge.id) ? t(`orders.customState.${badge.id}`) : badge.id}
            </Badge>
          );
        }
        return (
          <span key="provorder" className="group relative inline-flex">
            <button
              type="button"
              aria-describedby={tooltipId}
              className="cursor-help rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              <Badge variant={VARIANTS[badge.tone]}>{t("orders.badge.provorder")}</Badge>
            </button>
            <span
              id={tooltipId}
              role="tooltip"
              className="invisible absolute top-full left-0 z-20 mt-1 w-56 rounded-md bg-stone-900 px-3 py-2 text-xs text-white shadow-lg group-focus-within:visible group-hover:visible"
            >
              {t("orders.badge.provorderTooltip")}
            </span>
          </span>
        );
      })}
    </span>
  );
}
