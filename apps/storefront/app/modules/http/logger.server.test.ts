import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { captureLogs } from "~/test-support/logs";
import { createLogger, logger, loggerSettingsFrom, withoutEmails } from "./logger.server";
import { runInRequestContext } from "./request-context.server";

describe("the storefront's log", () => {
  it("names the request on every line written while it is answered", () => {
    const log = captureLogs();
    try {
      runInRequestContext({ requestId: "req-7" }, () => logger().warn("inside"));
      logger().info("outside");
      expect(log.lines[0]).toMatchObject({ msg: "inside", requestId: "req-7", level: 40 });
      expect(log.lines[1]?.msg).toBe("outside");
      expect(log.lines[1]).not.toHaveProperty("requestId");
    } finally {
      log.restore();
    }
  });

  it("writes no password, token, cookie or e-mail address, in fields, messages or errors", () => {
    const log = captureLogs();
    try {
      logger().info(
        {
          password: "hunter22hunter22",
          email: "ada@example.se",
          body: { newPassword: "s3cret-new", token: "tok-123456", first_name: "Ada" },
          req: {
            headers: {
              cookie: "session=abc123",
              authorization: "Bearer eyJabc",
              "kassa-storefront-token": "shop-token-77aa",
            },
          },
          err: new Error("signup for grace@example.fi refused"),
        },
        "sent a mail to linus@example.com",
      );
      const text = log.text();
      for (const secret of [
        "hunter22hunter22",
        "ada@example.se",
        "s3cret-new",
        "tok-123456",
        "Ada",
        "session=abc123",
        "eyJabc",
        "shop-token-77aa",
        "grace@example.fi",
        "linus@example.com",
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(log.lines[0]).toMatchObject({
        password: "[redacted]",
        email: "[redacted]",
        body: { newPassword: "[redacted]", token: "[redacted]" },
        req: {
          headers: {
            cookie: "[redacted]",
            authorization: "[redacted]",
            "kassa-storefront-token": "[redacted]",
          },
        },
        err: { type: "Error", message: "signup for [email] refused" },
        msg: "sent a mail to [email]",
      });
    } finally {
      log.restore();
    }
  });

  it("takes addresses out of free text", () => {
    expect(withoutEmails("a@b.se and first.last+tag@sub.example.com, not a@b")).toBe(
      "[email] and [email], not a@b",
    );
  });

  it("writes readable lines when asked to", () => {
    let written = "";
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const pretty = createLogger({ format: "pretty", level: "info" }, destination);
    runInRequestContext({ requestId: "req-pretty" }, () => pretty.info({ token: "t-1" }, "hello"));
    expect(written).toContain("INFO");
    expect(written).toContain("hello");
    expect(written).toContain("req-pretty");
    expect(written).not.toContain("t-1");
    expect(() => JSON.parse(written)).toThrow();
  });
});

describe("loggerSettingsFrom", () => {
  it("writes JSON in production and readable lines at a terminal or in development", () => {
    expect(loggerSettingsFrom({ NODE_ENV: "production" }, false)).toEqual({
      format: "json",
      level: "info",
    });
    expect(loggerSettingsFrom({ NODE_ENV: "production" }, true).format).toBe("pretty");
    expect(loggerSettingsFrom({ NODE_ENV: "development" }, false).format).toBe("pretty");
    expect(
      loggerSettingsFrom(
        { NODE_ENV: "production", LOG_FORMAT: "pretty", LOG_LEVEL: "warn" },
        false,
      ),
    ).toEqual({ format: "pretty", level: "warn" });
    expect(loggerSettingsFrom({ LOG_FORMAT: "json" }, true).format).toBe("json");
  });

  it("refuses a format or level it does not know", () => {
    expect(() => loggerSettingsFrom({ LOG_FORMAT: "xml" }, false)).toThrow(/LOG_FORMAT/);
    expect(() => loggerSettingsFrom({ LOG_LEVEL: "loud" }, false)).toThrow(/LOG_LEVEL/);
  });
});
