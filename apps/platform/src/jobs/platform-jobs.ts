import type { Clock } from "../clock.js";
import type { Database } from "../db/database.js";
import { purgeIdempotencyKeysJob } from "../http/idempotency.js";
import { sendMailJob } from "../modules/mail/send-mail.js";
import type { MailTransport } from "../modules/mail/smtp-transport.js";
import {
  type NotifyOrderAgentsJob,
  notifyOrderAgentsJob,
} from "../modules/orders/agent-notification.js";
import {
  deliverWalleyNotification,
  type WalleyNotificationJob,
} from "../modules/payments/walley/notifications.js";
import { createOutboundFetch, type OutboundFetch } from "../outbound/outbound-fetch.js";
import type { JobName } from "./job-queue.js";
import {
  createJobHandlers,
  type JobHandlers,
  type JobWorker,
  startWorker,
  type WorkerOptions,
} from "./worker.js";

/** Jobs the clock sends (cron, UTC). */
export const PLATFORM_SCHEDULES: Partial<Record<JobName, string>> = {
  "purge-idempotency-keys": "17 * * * *",
};

export interface PlatformJobsOptions {
  /** Where `send-mail` jobs send to; without one (no SMTP_URL) this process sends no mail. */
  mailTransport?: MailTransport;
  /** Where the agents' mails link to, and who gets a decision no agent is there for. */
  orders?: { storefrontUrl: string; orderDeskEmail: string };
  /**
   * How jobs call out (provider notifications): `createOutboundFetch` with the configured origins
   * and networks. Default: one that reaches public addresses only.
   */
  outbound?: OutboundFetch;
}

/** Used when a worker is started without order settings (a test of other jobs). */
const DEFAULT_ORDER_SETTINGS = {
  storefrontUrl: "http://localhost:3000",
  orderDeskEmail: "order@kassa.test",
};

/** The handler of every platform job this process can run. */
export function platformJobHandlers({
  mailTransport,
  orders = DEFAULT_ORDER_SETTINGS,
  outbound = createOutboundFetch(),
}: PlatformJobsOptions = {}): JobHandlers {
  const handlers = createJobHandlers();
  handlers.registerHandler<NotifyOrderAgentsJob>(
    "notify-order-agents",
    notifyOrderAgentsJob({ ...orders, deliverMail: Boolean(mailTransport) }),
  );
  if (mailTransport) handlers.registerHandler("send-mail", sendMailJob(mailTransport));
  handlers.registerHandler("purge-idempotency-keys", purgeIdempotencyKeysJob);
  handlers.registerHandler<WalleyNotificationJob>("walley-notification", (job) =>
    deliverWalleyNotification(job, outbound),
  );
  return handlers;
}

export interface PlatformWorkerOptions extends PlatformJobsOptions {
  db: Database;
  clock?: Clock;
  /** @default 1000 */
  pollMs?: number;
  /** @default 4 */
  concurrency?: number;
  /** Counts the failed tries for `/metrics`. */
  metrics?: WorkerOptions["metrics"];
}

/** The platform's worker: every platform job, the hourly purge, polling every second. */
export function startPlatformWorker({
  db,
  clock,
  pollMs,
  concurrency,
  metrics,
  ...jobs
}: PlatformWorkerOptions): Promise<JobWorker> {
  return startWorker({
    db,
    clock,
    pollMs,
    concurrency,
    metrics,
    handlers: platformJobHandlers(jobs),
    schedules: PLATFORM_SCHEDULES,
  });
}
