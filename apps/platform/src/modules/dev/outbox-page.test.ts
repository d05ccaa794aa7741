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
});
