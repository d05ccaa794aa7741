import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeError, redactMessage } from "./error-log.js";

const SECRET_EMAIL = "anna.andersson@example.se";
const SECRET_HASH = "$scrypt$N=16384$c2FsdA$aGFzaA";
const SECRET_PHONE = "+46701234567";

/** A failed insert as Drizzle reports it: its message and its `cause` both carry the values. */
function failedInsert() {
  const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET_EMAIL}"`), {
    code: "22P02",
    detail: `Key (email)=(${SECRET_EMAIL}) already exists.`,
    where: `unnamed portal parameter $1 = '${SECRET_HASH}'`,
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash", "phone_number") values ($1, $2, $3)',
    [SECRET_EMAIL, SECRET_HASH, SECRET_PHONE],
    cause,
  );
}

describe("redactMessage", () => {
  it("keeps the SQL of a failed query and drops its params", () => {
    expect(redactMessage('Failed query: select 1 where "email" = $1\nparams: a@b.se,+4670')).toBe(
      'Failed query: select 1 where "email" = $1',
    );
  });

  it("drops the value PostgreSQL quotes at the end of a message, keeping identifiers", () => {
    expect(redactMessage('invalid input syntax for type uuid: "anna@example.se"')).toBe(
      'invalid input syntax for type uuid: "[value removed]"',
    );
    expect(redactMessage('duplicate key value violates unique constraint "users_email_key"')).toBe(
      'duplicate key value violates unique constraint "users_email_key"',
    );
  });
});

describe("describeError", () => {
  it("names the class, the SQLSTATE of the cause and the SQL, and carries no value", () => {
    const text = describeError(failedInsert());
    expect(text).toMatch(/^DrizzleQueryError: Failed query: insert into "users"/);
    expect(text).toContain('cause: Error [22P02]: invalid input syntax for type uuid: "[value');
    expect(text).toMatch(/\n\s+at /);
    for (const secret of [SECRET_EMAIL, SECRET_HASH, SECRET_PHONE, "params"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("says only the type of something thrown that is not an Error", () => {
    expect(describeError({ password: SECRET_HASH })).toBe("thrown object");
    expect(describeError(SECRET_EMAIL)).toBe("thrown string");
  });
});
