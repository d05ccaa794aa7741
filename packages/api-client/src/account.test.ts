import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAccountClient } from "./account.js";
import { HttpError, UnexpectedError } from "./errors.js";
import { recordingSleep, startTestServer, type TestServer } from "./test-server.js";
import type { SignupPayload } from "./wire/account.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client(
  options: {
    accessToken?: string;
    forwardedFor?: string;
    sleep?: (ms: number) => Promise<void>;
  } = {},
) {
  return createAccountClient({
    baseUrl: server.baseUrl,
    sleep: async () => {},
    ...options,
  });
}

/** The one request the server saw, with its body parsed. */
function sent() {
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  return { ...request!, json: request!.body ? JSON.parse(request!.body) : undefined };
}

const signupPayload: SignupPayload = {
  first_name: "Ada",
  last_name: "Lind",
  email: " Ada.Lind@Example.SE ",
  password: "hemligt123",
  phone_number: "+46701234567",
  language: "sv",
  country_code: "SE",
  market: "SE",
  store_group: "default",
  role: "customer",
  allow_email_notifications: false,
  allow_phone_notifications: false,
  allow_postal_notifications: false,
  status: "active",
};

const currentUser = {
  id: "u1",
  email: "ada.lind@example.se",
  first_name: "Ada",
  last_name: "Lind",
  organisations: [],
};

describe("createAccountClient: requests", () => {
  it("signs up with the email lower-cased and the language upper-cased; unwraps data", async () => {
    const created = {
      id: "u1",
      email: "ada.lind@example.se",
      status: "active",
      email_verified: false,
    };
    server.on("POST", "/enad/signup/", { status: 201, json: { data: created } });

    await expect(client().signup(signupPayload)).resolves.toEqual({ ok: true, data: created });

    expect(sent()).toMatchObject({
      method: "POST",
      headers: { "content-type": "application/json" },
      json: { ...signupPayload, email: "ada.lind@example.se", language: "SV" },
    });
    expect(sent().headers.authorization).toBeUndefined();
    expect(sent().headers["x-forwarded-for"]).toBeUndefined();
  });

  it("signs up an organisation; unwraps company", async () => {
    const company = { id: "c1", name: "Lind AB" };
    server.on("POST", "/enad/organisation/signup/", { status: 201, json: { company } });
    const payload = {
      name: "Lind AB",
      organisation_number: "5566778899",
      tax_id_vat_number: "SE556677889901",
      contact_name: "Ada Lind",
      email: "ada.lind@example.se",
      attribute_ids: [],
      credit_check: false,
      custom_fields: {},
      billing_address: [
        { street_address: "Storgatan 1", city: "Stockholm", postal_code: "11122", country: "SE" },
      ],
      shipping_address: [
        { street_address: "Storgatan 1", city: "Stockholm", postal_code: "11122", country: "SE" },
      ],
      user_id: "u1",
      status: "active" as const,
    };

    await expect(client().organisationSignup(payload)).resolves.toEqual({
      ok: true,
      data: company,
    });
    expect(sent()).toMatchObject({ method: "POST", json: payload });
  });

  it("logs in with the email trimmed and lower-cased, sending the shopper's IP", async () => {
    const reply = {
      access_token: "at",
      refresh_token: "rt",
      expires_in: 900,
      user: { ...currentUser, store_group_id: "default", market: "SE", language: "SV" },
    };
    server.on("POST", "/enad/login/", { json: reply });

    await expect(
      client({ forwardedFor: "203.0.113.7" }).login({
        email: "  ADA.Lind@example.se ",
        password: "hemligt123",
      }),
    ).resolves.toEqual({ ok: true, data: reply });

    expect(sent()).toMatchObject({
      json: { email: "ada.lind@example.se", password: "hemligt123" },
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
  });

  it("refreshes the token and logs out with the refresh token", async () => {
    const pair = { access_token: "at2", refresh_token: "rt2", expires_in: 900 };
    server.on("POST", "/enad/refresh-token/", { json: pair });
    await expect(client().refreshToken("rt1")).resolves.toEqual({ ok: true, data: pair });
    expect(sent().json).toEqual({ refresh_token: "rt1" });

    server.requests.length = 0;
    server.on("POST", "/enad/logout/", { json: { message: "logged out" } });
    await expect(client().logout("rt2")).resolves.toEqual({
      ok: true,
      data: { message: "logged out" },
    });
    expect(sent()).toMatchObject({ method: "POST", json: { refresh_token: "rt2" } });
  });

  it("reads the current user with the access token as Bearer", async () => {
    server.on("POST", "/enad/get-user/", { json: currentUser });
    await expect(client({ accessToken: "at" }).getUser()).resolves.toEqual({
      ok: true,
      data: currentUser,
    });
    expect(sent()).toMatchObject({ method: "POST", headers: { authorization: "Bearer at" } });
    expect(sent().body).toBe("");
  });

  it("updates the user", async () => {
    server.on("POST", "/enad/update-user/", { json: { ...currentUser, first_name: "Ida" } });
    const payload = {
      first_name: "Ida",
      email: "ida@example.se",
      store_group: "default",
      language: "SV",
      market: "SE",
      country_code: "SE",
      communication_preferences: { allow_email: true },
    };
    const result = await client({ accessToken: "at" }).updateUser(payload);
    expect(result).toMatchObject({ ok: true, data: { first_name: "Ida" } });
    expect(sent()).toMatchObject({ json: payload, headers: { authorization: "Bearer at" } });
  });

  it("deletes the user", async () => {
    server.on("POST", "/enad/delete/", { json: { message: "user deleted" } });
    await expect(client({ accessToken: "at" }).deleteUser()).resolves.toEqual({
      ok: true,
      data: { message: "user deleted" },
    });
    expect(sent()).toMatchObject({ method: "POST", headers: { authorization: "Bearer at" } });
  });

  it("resets the password", async () => {
    server.on("POST", "/enad/reset-password/", { json: { message: "Password updated" } });
    const payload = { password: "nyttlosen1", reset_password_token: "tok" };
    await expect(client().resetPassword(payload)).resolves.toEqual({
      ok: true,
      data: { message: "Password updated" },
    });
    expect(sent().json).toEqual(payload);
  });

  it("switches the access token with withAccessToken", async () => {
    server.on("POST", "/enad/get-user/", { json: currentUser });
    await client().withAccessToken("fresh").getUser();
    expect(sent().headers.authorization).toBe("Bearer fresh");
  });
});

describe("createAccountClient: business failures as values", () => {
  it("keeps the details text exactly", async () => {
    server.on("POST", "/enad/signup/", {
      status: 409,
      json: {
        details: "user already exists",
        message: "A user with this email exists",
        requestId: "r1",
      },
    });
    await expect(client().signup(signupPayload)).resolves.toEqual({
      ok: false,
      status: 409,
      details: "user already exists",
      message: "A user with this email exists",
      requestId: "r1",
    });
  });

  it.each([
    [401, "invalid password"],
    [404, "user not found"],
    [403, "email not verified"],
    [403, "user is in pending state"],
  ])("answers a login %i '%s' as a value", async (status, details) => {
    server.on("POST", "/enad/login/", { status, json: { details } });
    await expect(client().login({ email: "a@b.se", password: "x" })).resolves.toEqual({
      ok: false,
      status,
      details,
    });
  });

  it("carries the signup token of a login's 'email not verified'", async () => {
    server.on("POST", "/enad/login/", {
      status: 403,
      json: { details: "email not verified", signup_token: "st" },
    });
    await expect(client().login({ email: "a@b.se", password: "x" })).resolves.toEqual({
      ok: false,
      status: 403,
      details: "email not verified",
      signupToken: "st",
    });
  });

  it("answers 'Company already exists' as a value", async () => {
    server.on("POST", "/enad/organisation/signup/", {
      status: 409,
      json: { details: "Company already exists" },
      headers: { "x-request-id": "req-9" },
    });
    const result = await client().organisationSignup({} as never);
    expect(result).toEqual({
      ok: false,
      status: 409,
      details: "Company already exists",
      requestId: "req-9",
    });
  });

  it("answers a 401 on getUser as 'Unauthorized', with or without a body", async () => {
    server.on(
      "POST",
      "/enad/get-user/",
      { status: 401, json: { error: "UNAUTHORIZED", message: "token expired" } },
      { status: 401, text: "" },
    );
    await expect(client({ accessToken: "old" }).getUser()).resolves.toEqual({
      ok: false,
      status: 401,
      details: "Unauthorized",
      message: "token expired",
    });
    await expect(client({ accessToken: "old" }).getUser()).resolves.toEqual({
      ok: false,
      status: 401,
      details: "Unauthorized",
    });
  });

  it("answers 'link expired' on reset-password as a value", async () => {
    server.on("POST", "/enad/reset-password/", { status: 410, json: { details: "link expired" } });
    await expect(
      client().resetPassword({ password: "nyttlosen1", reset_password_token: "old" }),
    ).resolves.toEqual({ ok: false, status: 410, details: "link expired" });
  });

  it("keeps retry_after of a 429 'too many attempts', from the body or the header", async () => {
    server.on(
      "POST",
      "/enad/login/",
      { status: 429, json: { details: "too many attempts", retry_after: 60 } },
      { status: 429, json: { details: "too many attempts" }, headers: { "retry-after": "30" } },
    );
    const login = () => client().login({ email: "a@b.se", password: "x" });
    await expect(login()).resolves.toEqual({
      ok: false,
      status: 429,
      details: "too many attempts",
      retryAfter: 60,
    });
    await expect(login()).resolves.toMatchObject({ retryAfter: 30 });
  });

  it("throws a 4xx that names no details (a bug, not an answer)", async () => {
    server.on("POST", "/enad/update-user/", {
      status: 400,
      json: { error: "BAD_REQUEST", message: "market: Required" },
    });
    await expect(client({ accessToken: "at" }).updateUser({} as never)).rejects.toBeInstanceOf(
      HttpError,
    );
  });
});

describe("createAccountClient: /api envelopes", () => {
  it("unwraps an ok envelope", async () => {
    server.on("POST", "/api/enad/create-reset-password-link/", {
      json: { ok: true, status: 200, data: { message: "Reset password link created" } },
    });
    await expect(client().createResetPasswordLink(" Ada@Example.se")).resolves.toEqual({
      ok: true,
      data: { message: "Reset password link created" },
    });
    expect(sent().json).toEqual({ email: "ada@example.se" });
  });

  it("answers a not-ok envelope with its data.details", async () => {
    server.on(
      "POST",
      "/api/enad/create-reset-password-link/",
      { status: 403, json: { ok: false, status: 403, data: { details: "email not verified" } } },
      { status: 404, json: { ok: false, status: 404, data: { details: "email not found" } } },
    );
    await expect(client().createResetPasswordLink("a@b.se")).resolves.toEqual({
      ok: false,
      status: 403,
      details: "email not verified",
    });
    await expect(client().createResetPasswordLink("a@b.se")).resolves.toEqual({
      ok: false,
      status: 404,
      details: "email not found",
    });
  });

  it("answers a not-ok envelope sent with a 200 as a failure too", async () => {
    server.on("POST", "/api/enad/create-verify-link/", {
      json: { ok: false, status: 409, data: { details: "email already verified" } },
    });
    await expect(client().createVerifyLink("a@b.se")).resolves.toEqual({
      ok: false,
      status: 409,
      details: "email already verified",
    });
  });

  it("creates a verify link", async () => {
    server.on("POST", "/api/enad/create-verify-link/", {
      status: 201,
      json: { ok: true, status: 201, data: { message: "Email verification link created" } },
    });
    await expect(client().createVerifyLink("A@b.se")).resolves.toEqual({
      ok: true,
      data: { message: "Email verification link created" },
    });
    expect(sent()).toMatchObject({ method: "POST", json: { email: "a@b.se" } });
  });

  it("sends the signup's token when it has one", async () => {
    server.on("POST", "/api/enad/create-verify-link/", {
      json: { ok: true, status: 200, data: { message: "Email verification link created" } },
    });
    await client().createVerifyLink("a@b.se", { signupToken: "st" });
    expect(sent()).toMatchObject({ json: { email: "a@b.se", signup_token: "st" } });
  });
});

describe("createAccountClient: verifyEmail", () => {
  it("sends the signup's proof, and answers the platform's refusals as results", async () => {
    server.on(
      "POST",
      "/enad/verify-email/",
      { status: 400, json: { status: "password required", message: "password required" } },
      { status: 401, json: { status: "invalid password", message: "invalid password" } },
      {
        status: 429,
        json: { status: "too many attempts", message: "too many attempts", retry_after: 60 },
      },
    );
    await expect(client().verifyEmail("t1", { signupToken: "st" })).resolves.toMatchObject({
      status: "password required",
    });
    await expect(client().verifyEmail("t1", { password: "pw" })).resolves.toMatchObject({
      status: "invalid password",
    });
    await expect(client().verifyEmail("t1", { password: "pw" })).resolves.toMatchObject({
      status: "too many attempts",
      retry_after: 60,
    });
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      { token: "t1", signup_token: "st" },
      { token: "t1", password: "pw" },
      { token: "t1", password: "pw" },
    ]);
  });

  it("answers the status, also from a 404 or 410", async () => {
    server.on(
      "POST",
      "/enad/verify-email/",
      { json: { status: "success", message: "Email verified", email: "a@b.se" } },
      { status: 404, json: { status: "link not found", message: "No such link" } },
      { status: 410, json: { status: "link expired", message: "The link has expired" } },
    );
    await expect(client().verifyEmail("t1")).resolves.toEqual({
      status: "success",
      message: "Email verified",
      email: "a@b.se",
    });
    await expect(client().verifyEmail("t2")).resolves.toEqual({
      status: "link not found",
      message: "No such link",
    });
    await expect(client().verifyEmail("t3")).resolves.toEqual({
      status: "link expired",
      message: "The link has expired",
    });
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      { token: "t1" },
      { token: "t2" },
      { token: "t3" },
    ]);
  });

  it("throws other failures", async () => {
    server.on("POST", "/enad/verify-email/", { status: 400, json: { error: "BAD_REQUEST" } });
    await expect(client().verifyEmail("")).rejects.toBeInstanceOf(HttpError);
  });
});

describe("createAccountClient: unexpected failures", () => {
  it("throws an UnexpectedError after retrying a 5xx page, with one idempotency key", async () => {
    server.on("POST", "/enad/signup/", { status: 502, text: "<h1>Bad gateway</h1>" });
    const { sleep, waits } = recordingSleep();
    const failure = client({ sleep }).signup(signupPayload);
    await expect(failure).rejects.toBeInstanceOf(UnexpectedError);
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([500, 500, 500]);
    const keys = new Set(server.requests.map((request) => request.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a login and a token refresh once: their answers are credentials no store keeps", async () => {
    server.on("POST", "/enad/login/", { status: 502, text: "<h1>Bad gateway</h1>" });
    server.on("POST", "/enad/refresh-token/", "destroy");
    const { sleep, waits } = recordingSleep();
    await expect(
      client({ sleep }).login({ email: "a@b.se", password: "x" }),
    ).rejects.toBeInstanceOf(UnexpectedError);
    await expect(client({ sleep }).refreshToken("rt")).rejects.toBeInstanceOf(UnexpectedError);
    expect(server.requests).toHaveLength(2);
    expect(server.requests.every((request) => !request.headers["idempotency-key"])).toBe(true);
    expect(waits).toEqual([]);
  });

  it("throws a 5xx error body at once", async () => {
    server.on("POST", "/enad/get-user/", {
      status: 500,
      json: { error: "INTERNAL", details: "database down" },
    });
    await expect(client({ accessToken: "at" }).getUser()).rejects.toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(1);
  });

  it("throws after retrying a network failure", async () => {
    server.on("POST", "/enad/signup/", "destroy");
    await expect(client().signup(signupPayload)).rejects.toBeInstanceOf(UnexpectedError);
    expect(server.requests).toHaveLength(4);
  });
});
