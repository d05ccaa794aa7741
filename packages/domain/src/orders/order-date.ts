/**
 * C§2: order dates are shown in Swedish format, `yyyy-MM-dd HH:mm`, whatever the page's language,
 * in the shop's time zone (Sweden's by default, Finland's for the Finnish market).
 */

export const ORDER_TIME_ZONES = { SE: "Europe/Stockholm", FI: "Europe/Helsinki" } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `2026-11-24 14:05`; `""` for a date that is not one. */
export function formatOrderDate(iso: string, timeZone: string = ORDER_TIME_ZONES.SE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
