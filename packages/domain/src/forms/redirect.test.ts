import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "./messages.js";
import { isSafeRedirectPath, redirectToSchema } from "./redirect.js";

describe("isSafeRedirectPath", () => {
  it("accepts paths on this site, with queries, fragments and encoded characters", () => {
    for (const path of [
      "/",
      "/cart",
      "/my-account/overview/",
      "/kategori/klader?page=2&sort=price#top",
      "/kategori/kl%C3%A4der",
      "/sok?q=100%25",
      "/sok?q=a%20b",
      "/login?redirectTo=%2Fcart",
      "/produkt/x?next=//not-a-host-here",
      "/100%",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(true);
    }
  });

  it("refuses another host, however it is written", () => {
    for (const path of [
      "//evil.example",
      "//evil.example/",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(false);
    }
  });

  it("refuses dot segments that resolve to another host's form (`/a/..//host`)", () => {
    // A browser resolves these on this site, but code that normalises the path first
    // (`new URL(path, base).pathname` is `//evil.example/`) and sends that, sends another host.
    for (const path of [
      "/a/..//evil.example/",
      "/a/b/../..//evil.example",
      "/a/%2e%2e//evil.example",
      "/a/%2E%2E//evil.example",
      "/a/.%2e//evil.example",
      "/a/%252e%252e//evil.example",
      "/a/..%2F%2Fevil.example",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(false);
    }
    expect(isSafeRedirectPath("/a/../cart")).toBe(true);
    expect(isSafeRedirectPath("/a/./b/../c?next=..//x")).toBe(true);
  });

  it("refuses tabs, newlines and other control characters, which URL parsers drop", () => {
    for (const path of [
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u0000/evil.example",
      "/\u007f/evil.example",
      "/cart\n",
      "\t//evil.example",
    ]) {
      expect(isSafeRedirectPath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it("refuses a backslash anywhere", () => {
    expect(isSafeRedirectPath("/cart\\x")).toBe(false);
    expect(isSafeRedirectPath("/a/b?c=\\")).toBe(false);
  });

  it("refuses spaces and characters outside printable ASCII (the site encodes its own URLs)", () => {
    expect(isSafeRedirectPath("/a b")).toBe(false);
    expect(isSafeRedirectPath(" /cart")).toBe(false);
    expect(isSafeRedirectPath("/kategori/kläder")).toBe(false);
    expect(isSafeRedirectPath("/\u2028/evil.example")).toBe(false);
  });

  it("refuses percent-encoded slashes, backslashes and control characters", () => {
    for (const path of [
      "/%2F%2Fevil.example",
      "/%2f%2fevil.example",
      "/%2Fevil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/cart%5C",
      "/%09/evil.example/",
      "/%0A/evil.example",
      "/%0d%0aSet-Cookie:%20x=1",
      "/%00",
      "/%7F",
      // Encoded twice and three times: a proxy that decodes again must not be led off the site.
      "/%252F%252Fevil.example",
      "/%255Cevil.example",
      "/%2509/evil.example",
      "/%25252F%25252Fevil.example",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(false);
    }
  });

  it("refuses values encoded more often than anyone would", () => {
    // Three layers are looked through; a fourth is refused even when nothing hides under it.
    expect(isSafeRedirectPath("/a%252525")).toBe(true);
    expect(isSafeRedirectPath("/a%25252525")).toBe(false);
  });

  it("looks through the encoding of the path only: the query and fragment are the site's values", () => {
    // A quick order's rows to correct, one a line (issue 38 routed every redirect through here).
    for (const path of [
      "/my-account/quick-order/?lines=SKU-1%2C%205%0ANO-SUCH-ARTICLE",
      "/sok?q=%5C",
      "/a?q=%25252525",
      "/a#%2F%2Fevil.example",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(true);
    }
    for (const path of ["/%0A?lines=a", "/%2F%2Fevil.example?x=1", "/a%5C#top"]) {
      expect(isSafeRedirectPath(path), path).toBe(false);
    }
  });

  it("refuses absolute URLs and other schemes", () => {
    for (const path of [
      "https://evil.example",
      "http://evil.example/cart",
      "HTTPS://evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "cart",
      "",
    ]) {
      expect(isSafeRedirectPath(path), path).toBe(false);
    }
  });

  it("refuses what is not a string", () => {
    expect(isSafeRedirectPath(undefined as unknown as string)).toBe(false);
    expect(isSafeRedirectPath(42 as unknown as string)).toBe(false);
  });
});

describe("redirectToSchema", () => {
  it("takes a site path, or nothing", () => {
    expect(redirectToSchema.parse("/cart")).toBe("/cart");
    expect(redirectToSchema.parse("")).toBeUndefined();
    expect(redirectToSchema.parse(undefined)).toBeUndefined();
  });

  it("refuses an encoded way off the site with the form's message", () => {
    const result = redirectToSchema.safeParse("/%2F%2Fevil.example");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      VALIDATION_MESSAGES.invalid,
    ]);
  });
});
