import { describe, expect, it } from "vitest";
import { redactUrl, scrubText } from "./redaction";

describe("redactUrl", () => {
  it("redacts every parameter named like a secret, however it is written", () => {
    expect(
      redactUrl(
        "/x?access_token=a&refreshToken=b&code=c&api-key=d&client_secret=e&X-Amz-Signature=f&giftCardPin=g&password=h&email=i%40j.se&sig=k&otp=l",
      ),
    ).toBe(
      "/x?access_token=[redacted]&refreshToken=[redacted]&code=[redacted]&api-key=[redacted]&client_secret=[redacted]&X-Amz-Signature=[redacted]&giftCardPin=[redacted]&password=[redacted]&email=[redacted]&sig=[redacted]&otp=[redacted]",
    );
    // Encoded names too.
    expect(redactUrl("/x?%74oken=a&gift%5Fcard%5Fcode=b")).toBe(
      "/x?%74oken=[redacted]&gift%5Fcard%5Fcode=[redacted]",
    );
  });

  it("leaves the path and ordinary parameters as they are", () => {
    expect(redactUrl("/kategori/koksredskap?page=2&lng=en&shipping=1&redirectTo=%2Fcart")).toBe(
      "/kategori/koksredskap?page=2&lng=en&shipping=1&redirectTo=%2Fcart",
    );
    expect(redactUrl("/se/product-token-holder")).toBe("/se/product-token-holder");
    expect(redactUrl("/x?token")).toBe("/x?token");
  });

  it("scrubs email addresses wherever they stand, encoded or not", () => {
    expect(redactUrl("/konto/anna@example.se/orders?next=per%40example.fi")).toBe(
      "/konto/[redacted]/orders?next=[redacted]",
    );
    expect(scrubText("no account for Anna.B@Example.co.uk, try again")).toBe(
      "no account for [redacted], try again",
    );
  });
});
