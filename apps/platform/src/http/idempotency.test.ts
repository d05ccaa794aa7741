import { describe, expect, it } from "vitest";
import { fingerprintOf } from "./idempotency.js";

const bytes = (text: string) => new TextEncoder().encode(text);

function multipart(boundary: string, content: string) {
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: bytes(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
  };
}

describe("fingerprintOf (Idempotency-Key)", () => {
  it("hashes the query string and the body's bytes", () => {
    const json = "application/json";
    expect(fingerprintOf("?a=1", json, bytes("{}"))).toBe(fingerprintOf("?a=1", json, bytes("{}")));
    expect(fingerprintOf("?a=1", json, bytes("{}"))).not.toBe(
      fingerprintOf("?a=2", json, bytes("{}")),
    );
    expect(fingerprintOf("", json, bytes('{"a":1}'))).not.toBe(
      fingerprintOf("", json, bytes("{}")),
    );
  });

  it("leaves a multipart body's boundary out: a client makes a new one on every try", () => {
    const first = multipart("----formdata-undici-0123", "PNG bytes");
    const retry = multipart("----formdata-undici-9876", "PNG bytes");
    const other = multipart("----formdata-undici-9876", "other bytes");
    expect(fingerprintOf("", first.contentType, first.body)).toBe(
      fingerprintOf("", retry.contentType, retry.body),
    );
    expect(fingerprintOf("", first.contentType, first.body)).not.toBe(
      fingerprintOf("", other.contentType, other.body),
    );
  });

  it("reads a quoted boundary", () => {
    const quoted = multipart("a b", "x");
    expect(fingerprintOf("", 'multipart/form-data; boundary="a b"', quoted.body)).toBe(
      fingerprintOf("", "multipart/form-data; boundary=zzz", multipart("zzz", "x").body),
    );
  });
});
