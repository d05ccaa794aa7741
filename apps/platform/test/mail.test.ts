import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "../src/db/schema.js";
import { linkOf, outbox, signupPayload } from "./support/accounts.js";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";
import type { OutboxMail, PlatformErrorBody, SignupResult } from "./support/wire.js";

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
    expect(keysOf(mail)).toEqual(["createdAt", "html", "id", "subject", "text", "to"]);
    expect(mail?.createdAt).toBe(new Date(mail?.createdAt ?? "").toISOString());
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
  it("sends every mail through SMTP_URL and records it as sent", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url("mailer", "s3cret") } });
    const before = sink.received.length;
    const { payload, status } = await signUpThrough(smtp.url);
    expect(status).toBe(201);
    expect(sink.received).toHaveLength(before + 1);
    const received = sink.received.at(-1)!;
    expect(received.auth).toEqual({ user: "mailer", pass: "s3cret" });
    expect(received.from).toBe("no-reply@kassa.test");
    expect(received.to).toEqual([payload.email]);
    expect(received.data).toMatch(/^Subject: =\?UTF-8\?Q\?Bekr=C3=A4fta_din_e-postadress\?=/m);
    expect(received.data).toContain("From: Kassa <no-reply@kassa.test>");
    expect(received.data).toContain("multipart/alternative");

    const row = await outboxRow(payload.email);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
    const { url } = linkOf({ ...row!, createdAt: row!.createdAt.toISOString() });
    expect(decodeQuotedPrintable(received.data)).toContain(url.href);
  });

  it("uses MAIL_FROM as the sender", async () => {
    const smtp = await platform.serveAgain({
      config: { smtpUrl: sink.url(), mailFrom: "Kassa Test <shop@kassa.test>" },
    });
    await signUpThrough(smtp.url);
    expect(sink.received.at(-1)?.from).toBe("shop@kassa.test");
  });

  it("records a refusal in the row and still answers the request", async () => {
    const smtp = await platform.serveAgain({ config: { smtpUrl: sink.url() } });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    sink.refuseMail(true);
    try {
      const { payload, status } = await signUpThrough(smtp.url);
      expect(status).toBe(201);
      const row = await outboxRow(payload.email);
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toContain("550");
      // The link is still in the outbox for a person to follow.
      expect(await outbox(platform, payload.email)).toHaveLength(1);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("550"));
    } finally {
      sink.refuseMail(false);
      log.mockRestore();
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
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { payload, status } = await signUpThrough(smtp.url).finally(() => log.mockRestore());
    expect(status).toBe(201);
    const row = await outboxRow(payload.email);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
