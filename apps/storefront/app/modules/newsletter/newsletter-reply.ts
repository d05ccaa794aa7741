import type { SubmissionResult } from "@conform-to/react";
import type { NewsletterMessageKey, NewsletterSource } from "@kassa/domain";

/**
 * The answer of `/newsletter`'s action, read by the sign-up block from its fetcher (JavaScript
 * on) or from the page's action data (JavaScript off): conform's reply for the field, and the
 * block's state after the call (C§4: success, or error with a C§8 message).
 */
export interface NewsletterReply {
  result: SubmissionResult<string[]>;
  outcome:
    | { state: "success"; email: string }
    | { state: "error"; message: NewsletterMessageKey }
    | null;
  /** The block that posted, so the page shows the answer in the right one. */
  source: NewsletterSource;
}

/** Where the blocks post, with and without JavaScript. */
export const NEWSLETTER_PATH = "/newsletter";
