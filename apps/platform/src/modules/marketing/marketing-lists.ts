import { eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type MarketingListRow, marketingLists } from "../../db/schema.js";

/** The lists every shop has; the storefront's sign-up block subscribes to `newsletter`. */
export const SEED_MARKETING_LISTS: readonly Pick<MarketingListRow, "id" | "name">[] = [
  { id: "newsletter", name: "Kassa nyhetsbrev" },
];

/** The seeded lists' creation time: fixed, so a seed is the same on every run. */
export const SEED_MARKETING_LISTS_CREATED_AT = new Date("2026-01-15T09:00:00.000Z");

/** Adds the lists of {@link SEED_MARKETING_LISTS} that are missing; existing ones stay as they are. */
export async function seedMarketingLists(db: Database): Promise<void> {
  await db
    .insert(marketingLists)
    .values(
      SEED_MARKETING_LISTS.map((list) => ({ ...list, createdAt: SEED_MARKETING_LISTS_CREATED_AT })),
    )
    .onConflictDoNothing({ target: marketingLists.id });
}

/** The list, or undefined when the marketing side does not know the id. */
export async function findList(
  db: Database,
  listId: string,
): Promise<MarketingListRow | undefined> {
  const [list] = await db.select().from(marketingLists).where(eq(marketingLists.id, listId));
  return list;
}
