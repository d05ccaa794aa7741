import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.js";

/** A driver error as node-postgres makes one, wrapped as drizzle wraps it. */
function wrapped(cause: object): Error {
  return Object.assign(new Error("Failed query: select 1"), { cause });
}

describe("isDatabaseUnavailable", () => {
  it("knows a lost or refused connection, along drizzle's cause chain", () => {
    const terminated = Object.assign(
      new Error("terminating connection due to administrator command"),
      { code: "57P01" },
    );
    expect(isDatabaseUnavailable(wrapped(terminated))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: "57P03", message: "starting up" }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: "08006", message: "connection failure" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped({ code: "ECONNREFUSED", message: "connect" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new Error("Client has encountered a connection error and is not queryable")),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves a wrong statement, a constraint and anything else to be a 500", () => {
    expect(isDatabaseUnavailable(wrapped({ code: "23505", message: "duplicate key" }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: "42P01", message: "no such table" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});
