import { describe, expect, it } from "vitest";
import { hasBody, isJsonContentType } from "./json-content-type.js";

describe("isJsonContentType", () => {
  it("accepts application/json and +json types, with or without charset=utf-8", () => {
    for (const type of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
      "application/problem+json",
      "application/vnd.kassa.cart+json; charset=utf-8",
    ]) {
      expect(isJsonContentType(type), type).toBe(true);
    }
  });

  it("refuses other types, a missing type and other charsets", () => {
    for (const type of [
      undefined,
      "",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "application/json-seq",
      "application/json; charset=latin1",
    ]) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });
});

describe("hasBody", () => {
  it("is a non-zero Content-Length or any Transfer-Encoding", () => {
    expect(hasBody(new Headers())).toBe(false);
    expect(hasBody(new Headers({ "content-length": "0" }))).toBe(false);
    expect(hasBody(new Headers({ "content-length": "2" }))).toBe(true);
    expect(hasBody(new Headers({ "transfer-encoding": "chunked" }))).toBe(true);
  });
});
