import type { SessionClaims } from "../modules/shopper/session-token.js";

/** What middleware puts on the Hono context for the handlers after it. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by `requireSession` on shopper routes that need a token. */
    session: SessionClaims;
  };
}
