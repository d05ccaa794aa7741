import { describe, expect, it } from "vitest";
import { runInRequestContext } from "~/modules/http/request-context.server";
import { captureLogs } from "~/test-support/logs";
import { action, loader } from "./client-errors";

function report(body: unknown, clientAddress = "198.51.100.1", raw?: string) {
  return runInRequestContext({ requestId: "beacon-req-1" }, () =>
    action({
      request: new Request("http://storefront.test/client-errors", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw ?? JSON.stringify(body),
      }),
      params: {},
      context: { clientAddress },
    }),
  );
}

const anError = {
  kind: "error",
  message: "TypeError: x is undefined (for ada@example.se)",
  source: "http://storefront.test/assets/entry.client-abc.js?token=s3cret",
  line: 12,
  column: 4,
  stack: "TypeError: x is undefined\n    at f (entry.client-abc.js:12:4)",
  page: "/sv-se/produkt/emaljmugg-koli",
  requestId: "page-req-9",
};

describe("POST /client-errors", () => {
  it("logs a browser's error at warn with the page's request id, without secrets or addresses", async () => {
    const log = captureLogs();
    try {
      const answer = await report(anError);
      expect(answer.status).toBe(204);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatchObject({
        level: 40,
        requestId: "beacon-req-1",
        pageRequestId: "page-req-9",
        clientError: {
          kind: "error",
          page: "/sv-se/produkt/emaljmugg-koli",
          line: 12,
          source: "http://storefront.test/assets/entry.client-abc.js?token=[redacted]",
          message: "TypeError: x is undefined (for [email])",
        },
      });
      expect(log.text()).not.toContain("ada@example.se");
      expect(log.text()).not.toContain("s3cret");
    } finally {
      log.restore();
    }
  });

  it("refuses a large, malformed or unexpected report, and logs none of them", async () => {
    const log = captureLogs();
    try {
      const big = { ...anError, message: "x".repeat(400), stack: "y".repeat(1999) };
      expect(
        (await report(big, "198.51.100.2", JSON.stringify(big) + " ".repeat(3000))).status,
      ).toBe(413);
      expect((await report(null, "198.51.100.2", "{not json")).status).toBe(400);
      expect((await report({ ...anError, message: "z".repeat(501) }, "198.51.100.2")).status).toBe(
        400,
      );
      expect((await report({ ...anError, requestId: "<script>" }, "198.51.100.2")).status).toBe(
        400,
      );
      expect((await report({ ...anError, kind: "other" }, "198.51.100.2")).status).toBe(400);
      expect(log.lines).toEqual([]);
    } finally {
      log.restore();
    }
  });

  it("logs at most ten reports a minute from one address", async () => {
    const log = captureLogs();
    try {
      const statuses: number[] = [];
      for (let sent = 0; sent < 12; sent++) {
        statuses.push((await report(anError, "198.51.100.3")).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
      expect(statuses.slice(10)).toEqual([429, 429]);
      expect(log.lines).toHaveLength(10);
      // Another address is still heard.
      expect((await report(anError, "198.51.100.4")).status).toBe(204);
    } finally {
      log.restore();
    }
  });

  it("answers nothing to a plain visit", () => {
    expect(loader().status).toBe(405);
  });
});
