import { describe, expect, it } from "vitest";
import { smtpTransport } from "./smtp-transport.js";

describe("smtpTransport", () => {
  it("refuses a header with a line break rather than let it start a header of its own", async () => {
    // Refused before any connection is made: nothing listens on port 9.
    const transport = smtpTransport("smtp://127.0.0.1:9", "shop@kassa.test");
    await expect(
      transport.send({
        to: "anna@example.test",
        subject: "Hej",
        text: "Hej!",
        html: "<p>Hej!</p>",
        headers: { "List-Unsubscribe": "<https://shop.test/u>\r\nBcc: all@example.test" },
      }),
    ).rejects.toThrow("Mail header List-Unsubscribe has a line break");
  });
});
