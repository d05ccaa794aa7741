export type PageWindowItem = number | "gap-start" | "gap-end";

/**
 * The page numbers a pagination shows: the first, the last, and `siblings` on each side of the
 * current page, with a gap where pages are left out. The list always has the same length once
 * there are enough pages (so the links do not jump about), and a gap always stands for at least
 * two pages: one page is shown instead, since it takes the same room.
 */
export function pageWindow(page: number, totalPages: number, siblings = 1): PageWindowItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const slots = 2 * siblings + 5;
  if (total <= slots) return range(1, total);

  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, total);
  const leftGap = left > 3;
  const rightGap = right < total - 2;
  const edge = 2 * siblings + 3;

  if (!leftGap) return [...range(1, edge), "gap-end", total];
  if (!rightGap) return [1, "gap-start", ...range(total - edge + 1, total)];
  return [1, "gap-start", ...range(left, right), "gap-end", total];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
