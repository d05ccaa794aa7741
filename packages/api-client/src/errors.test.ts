import { describe, expect, expectTypeOf, it } from "vitest";
import {
  HttpError,
  httpErrorFromResponse,
  isHttpError,
  isKassaApiError,
  isOAuthError,
  isOutOfStockError,
  isUnexpectedError,
  KassaApiError,
  OAuthError,
  OutOfStockError,
  UnexpectedError,
} from "./errors.js";

const at = { method: "POST", url: "http://api/x" };

describe("httpErrorFromResponse", () => {
  it("takes the message from error, then message, then 'somethingWentWrong'", () => {
    expect(
      httpErrorFromResponse({ ...at, status: 400, body: { error: "E", message: "M" } }).message,
    ).toBe("E");
    expect(
      httpErrorFromResponse({ ...at, status: 400, body: { error: "", message: "M" } }).message,
    ).toBe("M");
    expect(httpErrorFromResponse({ ...at, status: 400, body: {} }).message).toBe(
      "somethingWentWrong",
    );
    expect(httpErrorFromResponse({ ...at, status: 400, body: "text" }).message).toBe(
      "somethingWentWrong",
    );
  });

  it("keeps only the string errors and prefers the body's requestId", () => {
    const error = httpErrorFromResponse({
      ...at,
      status: 400,
      body: { errors: ["a", 1, "b"], requestId: "body-id" },
      headerRequestId: "header-id",
    });
    expect(error.errors).toEqual(["a", "b"]);
    expect(error.requestId).toBe("body-id");
  });

  it("makes an OutOfStockError only for a 404 naming variants", () => {
    const body = { error: "out of stock error", productVariantIDs: ["v1"] };
    expect(httpErrorFromResponse({ ...at, status: 404, body })).toBeInstanceOf(OutOfStockError);
    expect(httpErrorFromResponse({ ...at, status: 400, body })).not.toBeInstanceOf(OutOfStockError);
  });
});

describe("the hierarchy", () => {
  it("answers the type guards", () => {
    const http = new HttpError({ ...at, message: "m", status: 400 });
    const stock = new OutOfStockError({
      ...at,
      message: "m",
      status: 404,
      productVariantIDs: ["v"],
    });
    const unexpected = new UnexpectedError(at);
    const oauth = new OAuthError({ ...at, status: 401 });

    for (const error of [http, stock, unexpected, oauth]) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(KassaApiError);
      expect(isKassaApiError(error)).toBe(true);
    }
    expect([http, stock, unexpected, oauth].map(isHttpError)).toEqual([true, true, false, false]);
    expect([http, stock, unexpected, oauth].map(isOutOfStockError)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([http, stock, unexpected, oauth].map(isUnexpectedError)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect([http, stock, unexpected, oauth].map(isOAuthError)).toEqual([false, false, false, true]);
    expect(isKassaApiError(new Error("x"))).toBe(false);
    expect(unexpected).toMatchObject({ status: 500, message: "An unexpected error occurred" });
    expect(oauth.message).toBe("OAuth2 failed, cannot retry.");
    expect([http, stock, unexpected, oauth].map((error) => error.name)).toEqual([
      "HttpError",
      "OutOfStockError",
      "UnexpectedError",
      "OAuthError",
    ]);
  });

  it("keeps the classes apart for TypeScript's narrowing", () => {
    const error: unknown = new HttpError({ ...at, message: "m", status: 400 });
    if (isKassaApiError(error) && !isUnexpectedError(error)) {
      expectTypeOf(error).not.toBeNever();
      expectTypeOf(error.message).toBeString();
    }
    if (isKassaApiError(error) && !isOAuthError(error) && !isHttpError(error)) {
      expectTypeOf(error).not.toBeNever();
    }
  });
});
