import { describe, expect, it } from "vitest";
import { issuedGiftCardMail } from "../gift-cards/gift-card-mail.js";
import { composeLinkMail } from "./compose-mail.js";

const LINK = "https://shop.test/login/?token=a_b-c";

describe("composeLinkMail", () => {
  it("writes an HTML part and a text part from one template, with the link in both", async () => {
    const mail = await composeLinkMail({
      to: "anna@example.test",
      lang: "sv",
      subject: "Bekräfta",
      greeting: "Hej Anna!",
      before: ["Öppna länken nedan:"],
      link: LINK,
      linkLabel: "Bekräfta e-postadressen",
      after: ["Länken gäller i 24 timmar."],
      signature: ["Vänliga hälsningar", "Kassa"],
    });
    expect(mail.html).toContain('lang="sv"');
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.headers).toBeUndefined();
    expect(mail.text).toBe(
      [
        "Hej Anna!",
        "Öppna länken nedan:",
        // The button's label and its address; the address spelled out under the button is the
        // HTML part's alone.
        `Bekräfta e-postadressen ${LINK}`,
        "Länken gäller i 24 timmar.",
        "Vänliga hälsningar\nKassa",
      ].join("\n\n"),
    );
  });
});

describe("issuedGiftCardMail", () => {
  it("escapes what the buyer wrote in the HTML part and keeps it as written in the text part", async () => {
    const mail = await issuedGiftCardMail({
      to: "bo@example.test",
      code: "1234567890123456",
      pin: "4321",
      amount: 50000,
      currencyCode: "SEK",
      validUntil: new Date("2027-11-27T12:00:00Z"),
      templateId: "birthday",
      senderName: 'Eva "<b>"',
      message: "<script>alert(1)</script>\nGrattis & kram",
      languageCode: "sv",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain('data-template="birthday"');
    expect(mail.text).toContain("<script>alert(1)</script>\nGrattis & kram");
    // The title keeps its case in the text part.
    expect(mail.text.split("\n\n")[0]).toBe('Eva "<b>" har gett dig ett presentkort');
    expect(mail.text).toContain("PIN-kod: 4321");
  });
});
