import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import type { OutboxMail, PlatformErrorBody, SignupResult } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema.js";
import type { JobWorker } from "../src/jobs/worker.js";
import { linkOf, outbox, signupPayload } from "./support/accounts.js";
import { passQueueTime, startMailWorker, storedJobs } from "./support/job-queue.js";
import { captureLogs } from "./support/log-capture.js";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;
let sink: SmtpSink;

beforeAll(async () => {
  platform = await startTestPlatform();
  sink = await startSmtpSink();
});

afterAll(async () => {
  await platform?.close();
  await sink?.close();
});

async function signUpThrough(url: string, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const response = await fetch(`${url}/enad/signup/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { data: SignupResult };
  // The verification mail is requested after signup, as the storefront does (A§4).
  const link = await fetch(`${url}/api/enad/create-verify-link/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: payload.email }),
  });
  if (response.status === 201 && link.status !== 200) {
    throw new Error(`create-verify-link answered ${link.status}`);
  }
  return { payload, status: response.status, body };
}

/** A newsletter sign-up (the seeded list), which mails the double opt-in confirmation. */
async function subscribeThrough(url: string, email: string) {
  const response = await fetch(`${url}/marketing/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, listId: "newsletter", lang: "sv" }),
  });
  if (response.status !== 200) throw new Error(`subscribe answered ${response.status}`);
}

async function outboxRow(to: string) {
  const [row] = await platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row;
}

/** Undoes quoted-printable (soft line breaks and =XX), enough to find a link in a message. */
function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function insertMail(mail: { to: string; subject: string; text: string }) {
  await platform.db
    .insert(mailOutbox)
    .values({ id: randomUUID(), html: "<p>x</p>", createdAt: platform.clock.now(), ...mail });
}

describe("GET /dev/mail.json", () => {
  it("lists the outbox as OutboxMail[], newest first", async () => {
    const first = await signUpThrough(platform.url);
    const second = await signUpThrough(platform.url);
    const { status, body, headers } = await platform.request<OutboxMail[]>("GET", "/dev/mail.json");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.map((mail) => mail.to).slice(0, 2)).toEqual([
      second.payload.email,
      first.payload.email,
    ]);
    const [mail] = body;
    expect(keysOf(mail)).toEqual(["createdAt", "headers", "html", "id", "subject", "text", "to"]);
    expect(mail?.createdAt).toBe(new Date(mail?.createdAt ?? "").toISOString());
    // An account's mail is no newsletter's: no list headers.
    expect(mail?.headers).toEqual({});
  });

  it("gives every mail a text part and an HTML part with the same link", async () => {
    const { payload } = await signUpThrough(platform.url, { language: "FI" });
    const [mail] = await outbox(platform, payload.email);
    const { url } = linkOf(mail!);
    expect(mail?.text).toContain("Hei ");
    expect(mail?.text).not.toContain("<");
    expect(mail?.html).toMatch(/^<!DOCTYPE html/);
    expect(mail?.html).toContain('<html dir="ltr" lang="fi">');
    expect(mail?.html).toContain(`href="${url.href}"`);
  });

  it("lists a newsletter mail's headers", async () => {
    const email = `headers.${randomUUID()}@example.test`;
    await subscribeThrough(platform.url, email);
    const [mail] = await outbox(platform, email);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/[^>]+\/newsletter\/unsubscribe\?token=[\w-]{43}>$/,
    );
  });

  it("narrows to one address with ?to= (any case)", async () => {
    const { payload } = await signUpThrough(platform.url);
    const mails = await outbox(platform, payload.email.toUpperCase());
    expect(mails.map((mail) => mail.to)).toEqual([payload.email]);
    expect(await outbox(platform, "nobody@example.test")).toEqual([]);
  });
});

describe("GET /dev/mail", () => {
  it("shows the outbox as a page with clickable links, newest first", async () => {
    const older = await signUpThrough(platform.url);
    const newer = await signUpThrough(platform.url, { language: "EN" });
    const { status, text, headers } = await platform.request("GET", "/dev/mail");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(text.indexOf(newer.payload.email)).toBeLessThan(text.indexOf(older.payload.email));
    expect(text).toContain("Confirm your email address");
    const [mail] = await outbox(platform, newer.payload.email);
    const { url } = linkOf(mail!);
    expect(text).toContain(`<a href="${url.href}">${url.href}</a>`);
  });

  it("shows a mail's own headers, their links clickable", async () => {
    const email = `page.${randomUUID()}@example.test`;
    await subscribeThrough(platform.url, email);
    const [mail] = await outbox(platform, email);
    const unsubscribe = /^<(.+)>$/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const { text } = await platform.request("GET", `/dev/mail?to=${encodeURIComponent(email)}`);
    expect(text).toContain(
      `<code>List-Unsubscribe: &lt;<a href="${unsubscribe}">${unsubscribe}</a>&gt;</code>`,
    );
    expect(text).toContain("<code>List-Unsubscribe-Post: List-Unsubscribe=One-Click</code>");
  });

  it("escapes everything a mail carries", async () => {
    await insertMail({
      to: "evil@example.test",
      subject: "<img src=x onerror=alert(1)>",
      text: 'Click <b>here</b>: https://example.test/?a=1&b="2"><script>alert(1)</script> & more',
    });
    const { text } = await platform.request("GET", "/dev/mail?to=evil@example.test");
    expect(text).not.toContain("<img src=x");
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("<b>here</b>");
    expect(text).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(text).toContain(
      '<a href="https://example.test/?a=1&amp;b=">https://example.test/?a=1&amp;b=</a>',
    );
    expect(text).toContain("&quot;2&quot;&gt;&lt;script&gt;");
    expect(text).toContain("Outbox: mails to evil@example.test");
  });
});

describe("outside development", () => {
  it("answers 404 for /dev/mail and /dev/mail.json when the outbox pages are off (production)", async () => {
    const production = await platform.serveAgain({ config: { devMail: false } });
    for (const path of ["/dev/mail", "/dev/mail.json"]) {
      const response = await fetch(`${production.url}${path}`);
      expect(response.status).toBe(404);
      const body = (await response.json()) as PlatformErrorBody;
      expect(body.error).toBe("NOT_FOUND");
    }
    // Mails are still stored: production keeps its outbox, it just does not show it.
    const { payload, status } = await signUpThrough(production.url);
    expect(status).toBe(201);
    expect(await outboxRow(payload.email)).toBeDefined();
  });
});

describe("SMTP", () => {
  const workers: JobWorker[] = [];
  /** A worker that sends to the sink (or `smtpUrl`); it runs only when a test says so. */
  async function mailWorker(smtpUrl = sink.url("mailer", "s3cret"), mailFrom?: string) {
    const worker = await startMailWorker(platform.db, platform.clock, smtpUrl, mailFrom);
    workers.push(worker);
    return worker;
  }

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
  });

  async function sendMailJobOf(mailId: string) {
    const jobs = await storedJobs(platform.db, "send-mail");
    return jobs.find((job) => job.data.mailId === mailId);
  }

  it("answers the request at once and leaves the sending to the worker", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url("mailer", "s3cret") } });
    const before = sink.received.length;
    const { payload, status } = await signUpThrough(smtp.url);
    expect(status).toBe(201);
    // Nothing went to the mail server during the request: the row and its job wait.
    expect(sink.received).toHaveLength(before);
    const row = await outboxRow(payload.email);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toBeNull();
    expect((await sendMailJobOf(row!.id))?.state).toBe("created");
    // The outbox lists it all the same.
    expect(await outbox(platform, payload.email)).toHaveLength(1);
  });

  it("sends every mail through SMTP_URL from the worker and records it as sent", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url("mailer", "s3cret") } });
    const worker = await mailWorker();
    const before = sink.received.length;
    const { payload, status } = await signUpThrough(smtp.url);
    expect(status).toBe(201);
    expect(await worker.runDueJobs()).toBeGreaterThanOrEqual(1);
    const received = sink.received.slice(before).filter((mail) => mail.to[0] === payload.email);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.auth).toEqual({ user: "mailer", pass: "s3cret" });
    expect(mail?.from).toBe("no-reply@kassa.test");
    expect(mail?.to).toEqual([payload.email]);
    expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?Q\?Bekr=C3=A4fta_din_e-postadress/m);
    expect(mail?.data).toContain("From: Kassa <no-reply@kassa.test>");
    expect(mail?.data).toContain("multipart/alternative");

    const row = await outboxRow(payload.email);
    expect(row?.sentAt?.getTime()).toBe(platform.clock.now().getTime());
    expect(row?.error).toBeNull();
    expect((await sendMailJobOf(row!.id))?.state).toBe("completed");
    const { url } = linkOf({ ...row!, createdAt: row!.createdAt.toISOString() });
    expect(decodeQuotedPrintable(mail!.data)).toContain(url.href);

    // Done is done: another run sends nothing.
    const sent = sink.received.length;
    await worker.runDueJobs();
    expect(sink.received).toHaveLength(sent);
  });

  it("sends a mail's own headers: the newsletter's List-Unsubscribe, whole, on one line", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url() } });
    const worker = await mailWorker(sink.url());
    const email = `smtp.${randomUUID()}@example.test`;
    await subscribeThrough(smtp.url, email);
    await worker.runDueJobs();
    const mail = sink.received.find((received) => received.to[0] === email);
    const row = await outboxRow(email);
    const headerLines = mail?.data.split("\r\n\r\n")[0]?.split("\r\n") ?? [];
    expect(headerLines).toContain(`List-Unsubscribe: ${row?.headers["List-Unsubscribe"]}`);
    expect(headerLines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("uses MAIL_FROM as the sender", async () => {
    const smtp = await platform.serveAgain({
      config: { smtpUrl: sink.url(), mailFrom: "Kassa Test <shop@kassa.test>" },
    });
    const worker = await mailWorker(sink.url(), "Kassa Test <shop@kassa.test>");
    const { payload } = await signUpThrough(smtp.url);
    await worker.runDueJobs();
    const mail = sink.received.find((received) => received.to[0] === payload.email);
    expect(mail?.from).toBe("shop@kassa.test");
  });

  it("records a refusal in the row and retries it with backoff until the server takes it", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url() } });
    const worker = await mailWorker(sink.url());
    const log = captureLogs();
    sink.refuseMail(true);
    try {
      const { payload, status } = await signUpThrough(smtp.url);
      expect(status).toBe(201);
      expect(await worker.runDueJobs()).toBe(1);
      const row = await outboxRow(payload.email);
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toContain("550");
      expect(log.lines().find((line) => line.level === "error")?.msg).toContain("550");
      // The link is still in the outbox for a person to follow.
      expect(await outbox(platform, payload.email)).toHaveLength(1);

      // The retry waits 30–60 s (the first step of the backoff) and is not due before.
      const job = await sendMailJobOf(row!.id);
      expect(job?.state).toBe("retry");
      expect(job?.due_in).toBeGreaterThan(25);
      expect(job?.due_in).toBeLessThanOrEqual(60);
      expect(await worker.runDueJobs()).toBe(0);

      sink.refuseMail(false);
      await passQueueTime(platform.db, 61);
      expect(await worker.runDueJobs()).toBe(1);
      const sent = await outboxRow(payload.email);
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(sent?.error).toBeNull();
      expect(sink.received.filter((mail) => mail.to[0] === payload.email)).toHaveLength(1);
    } finally {
      sink.refuseMail(false);
      log.stop();
    }
  });

  it("gives up after six tries and leaves the error in the row", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url() } });
    const worker = await mailWorker(sink.url());
    sink.refuseMail(true);
    try {
      const { payload } = await signUpThrough(smtp.url);
      const row = await outboxRow(payload.email);
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect(await worker.runDueJobs()).toBe(1);
        const job = await sendMailJobOf(row!.id);
        if (attempt < 6) {
          expect(job?.state).toBe("retry");
          waits.push(job!.due_in);
          await passQueueTime(platform.db, 24 * 60 * 60);
        } else {
          expect(job?.state).toBe("failed");
        }
      }
      // Each wait is about twice the one before (30–60 s, 1–2 min, … 8–16 min).
      waits.forEach((wait, index) => {
        expect(wait).toBeGreaterThan(30 * 2 ** index - 5);
        expect(wait).toBeLessThanOrEqual(60 * 2 ** index);
      });
      await passQueueTime(platform.db, 24 * 60 * 60);
      expect(await worker.runDueJobs()).toBe(0);
      const failed = await outboxRow(payload.email);
      expect(failed?.sentAt).toBeNull();
      expect(failed?.error).toContain("550");
      expect(failed?.error).toContain("gave up after 6 tries");
    } finally {
      sink.refuseMail(false);
    }
  });

  it("records an unreachable server in the row and still answers the request", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const address = probe.address();
    const port = typeof address === "object" && address ? address.port : 1;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const smtp = await platform.serveAgain({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    const worker = await mailWorker(`smtp://127.0.0.1:${port}`);
    const { payload, status } = await signUpThrough(smtp.url);
    expect(status).toBe(201);
    await worker.runDueJobs();
    const row = await outboxRow(payload.email);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it("sends nothing for a mail erased before its job ran (a deleted account)", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url() } });
    const worker = await mailWorker(sink.url());
    const { payload } = await signUpThrough(smtp.url);
    const row = await outboxRow(payload.email);
    await platform.db.delete(mailOutbox).where(eq(mailOutbox.id, row!.id));
    await worker.runDueJobs();
    expect(sink.received.some((mail) => mail.to[0] === payload.email)).toBe(false);
    expect((await sendMailJobOf(row!.id))?.state).toBe("completed");
  });

  it("queues no job without SMTP_URL: the outbox row is the whole story", async () => {
    const { payload } = await signUpThrough(platform.url);
    const row = await outboxRow(payload.email);
    expect(row).toBeDefined();
    expect(await sendMailJobOf(row!.id)).toBeUndefined();
  });
});
