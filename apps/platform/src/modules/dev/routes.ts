import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { productVariants, variantStocks } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody } from "../../http/json-body.js";
import { expireToken, MAX_TOKEN_LENGTH } from "../accounts/account-tokens.js";
import { cacheTag, publishCacheTags } from "../cache-tags/cache-tags.js";
import { listOutbox, outboxMailReply } from "../mail/outbox.js";
import { renderOutboxPage } from "./outbox-page.js";

interface Deps {
  db: Database;
  clock?: () => Date;
}

/** The page is ours alone: nothing in it may run, and it may not be framed. */
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

/**
 * Development helpers under `/dev`, mounted only outside production (or with KASSA_DEV_MAIL=true):
 * the mail outbox, so a person or a test can follow verify and reset links without a mail server,
 * and the few levers a browser test needs (expire a token, set a stock).
 */
export function devRoutes({ db, clock = () => new Date() }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get("/mail", async (c) => {
    const to = c.req.query("to") || undefined;
    return c.html(renderOutboxPage(await listOutbox(db, { to }), to), 200, PAGE_HEADERS);
  });

  app.get("/mail.json", async (c) => {
    const to = c.req.query("to") || undefined;
    const mails = await listOutbox(db, { to });
    c.header("cache-control", "no-store");
    return c.json(mails.map(outboxMailReply));
  });

  /** Expires a verify or reset link now, so a test can follow an expired link without waiting. */
  app.post("/expire-token", async (c) => {
    const { token } = await parseJsonBody(c, expireTokenBody);
    const found = await expireToken(db, token, clock());
    return c.json({ expired: found }, found ? 200 : 404);
  });

  /**
   * Sets a variant's stock in a market, so a browser test can sell out a line between adding it
   * and paying for it (C§8 out-of-stock at checkout) without touching the database.
   */
  app.put("/stocks/:variantId/:countryCode", async (c) => {
    const { stockQuantity } = await parseJsonBody(c, stockBody);
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(variantStocks)
        .set({ stockQuantity })
        .where(
          and(
            eq(variantStocks.productVariantId, c.req.param("variantId")),
            eq(variantStocks.countryCode, c.req.param("countryCode").toUpperCase()),
          ),
        )
        .returning();
      // Storefronts drop the product's cached stock (ADR 0025), as after any stock change.
      const parents = await tx
        .select({ id: productVariants.productParentId })
        .from(productVariants)
        .where(eq(productVariants.id, c.req.param("variantId")));
      if (rows.length > 0)
        await publishCacheTags(
          tx,
          parents.map((row) => cacheTag.stock(row.id)),
        );
      return rows;
    });
    return c.json({ updated: updated.length }, updated.length > 0 ? 200 : 404);
  });

  return app;
}

const stockBody = z.object({ stockQuantity: z.int().min(0).max(1_000_000) });

const expireTokenBody = z.object({ token: z.string().min(1).max(MAX_TOKEN_LENGTH) });
