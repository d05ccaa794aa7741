import type { IncomingMessage, ServerResponse } from "node:http";
import type { UserRow } from "../db/schema.js";
import type { CheckoutClaims } from "../modules/checkout/checkout-token.js";
import type { SessionClaims } from "../modules/shopper/session-token.js";

/** What middleware puts on the Hono context for the handlers after it. */
export interface AppEnv {
  /**
   * Set by @hono/node-server: the Node request, for the client's socket address. Missing when the
   * app is called without a server (`app.request()`).
   */
  Bindings: {
    incoming?: IncomingMessage;
    /** The Node response, to disconnect a client that stops reading (`/cache-tags/stream`). */
    outgoing?: ServerResponse;
  };
  Variables: {
    requestId: string;
    /** Set by `requireSession` on shopper routes that need a token. */
    session: SessionClaims;
    /** Set by `requireCheckout` on checkout, gift-card and payment routes. */
    checkout: CheckoutClaims;
    /** Set by `requireUser` on account routes that need an access token. */
    user: UserRow;
    /** Set by `requireOAuth` on management routes: the OAuth client's id. */
    oauthClient: string;
    /**
     * Set by `identifyStorefront` when the request carries a valid `Kassa-Storefront-Token`: the
     * caller is the shop itself (ADR 0048). Unset: an anonymous caller.
     */
    storefront: boolean;
  };
}
