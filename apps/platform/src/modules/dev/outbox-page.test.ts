import { describe, expect, it } from "vitest";
import { linkify, renderOutboxPage } from "./outbox-page.js";

describe("linkify", () => {
  it("makes http(s) links clickable and escapes everything", () => {
    expect(linkify("Open https://shop.test/login/?token=a_b-c&x=1 now")).toBe(
      'Open <a href="https://shop.test/login/?token=a_b-c&amp;x=1">https://shop.test/login/?token=a_b-c&amp;x=1</a> now',
    );
    expect(linkify('<b>"x"</b> javascript:alert(1)')).toBe(
      "&lt;b&gt;&quot;x&quot;&lt;/b&gt; javascript:alert(1)",
    );
    expect(linkify('http://a.test/"onmouseover="x')).toBe(
      '<a href="http://a.test/">http://a.test/</a>&quot;onmouseover=&quot;x',
    );
  });
});

describe("renderOutboxPage", () => {
  it("says when there is nothing", () => {
    expect(renderOutboxPage([])).toContain("No mails yet.");
  });

  const mail = {
    id: "m1",
    position: 1,
    to: "anna@example.test",
    subject: "Hej",
    text: "Hej!",
    html: "<p>Hej!</p>",
    createdAt: new Date("2026-11-27T12:00:00Z"),
    sentAt: null,
    error: null,
  };

  it("shows a mail's own headers, escaped, their links clickable", () => {
    const page = renderOutboxPage([
      {
        ...mail,
        headers: {
          "List-Unsubscribe": "<https://shop.test/newsletter/unsubscribe?token=t>",
          "X-Test": '<b>"x"</b>',
        },
      },
    ]);
    expect(page).toContain(
      '<code>List-Unsubscribe: &lt;<a href="https://shop.test/newsletter/unsubscribe?token=t">https://shop.test/newsletter/unsubscribe?token=t</a>&gt;</code>',
    );
    expect(page).toContain("<code>X-Test: &lt;b&gt;&quot;x&quot;&lt;/b&gt;</code>");
  });

  it("shows no header block for a mail without headers", () => {
    expect(renderOutboxPage([{ ...mail, headers: {} }])).not.toContain('class="headers"');
  });
});
