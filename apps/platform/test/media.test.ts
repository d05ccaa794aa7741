import type { Category, Product } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

describe("generated images", () => {
  it("serves every product and variant image URL the catalogue hands out as a cacheable SVG", async () => {
    const { body } = await platform.request<{ data: Product | null }>(
      "POST",
      "/enad/get-product-by-slug/",
      {
        body: {
          storeGroupSlug: "default",
          market: "SE",
          language: "sv",
          slug: SEED_FIXTURES.multiVariant.slug,
        },
      },
    );
    const product = body.data as Product;
    const urls = [product.imageUrl, ...product.variants.map((variant) => variant.imageUrl)];
    for (const url of urls) {
      expect(url.startsWith(`${platform.url}/media/products/`)).toBe(true);
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get("cache-control")).toContain("max-age=31536000");
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      // Square, as the storefront shows it, and with the name only in the title, never drawn.
      expect(svg).toContain('viewBox="0 0 800 800"');
      expect(svg).not.toMatch(/<text[\s>]/);
      expect(svg).toContain("Ulltröja Fjäll");
    }
    const navy = await (await fetch(product.variants[0]?.imageUrl ?? "")).text();
    expect(navy).toContain("#1d3557");
    expect(navy).toContain("Marinblå, S");
  });

  it("titles the picture in the language asked for, and draws variants without colour", async () => {
    const svg = await (await fetch(`${platform.url}/media/products/pp-1044.svg?lang=en`)).text();
    expect(svg).toContain("Cutting board Ystad");
  });

  it("serves category images", async () => {
    const { body } = await platform.request<{ data: Category[] }>("POST", "/enad/get-categories/", {
      body: { storeGroupSlug: "default", market: "SE", language: "sv" },
    });
    for (const category of body.data) {
      const response = await fetch(category.imageUrl);
      expect(response.status, category.imageUrl).toBe(200);
      expect(await response.text()).toContain(category.name.replace("&", "&amp;"));
    }
  });

  it("answers 404 for unknown images and names that are not plain ids", async () => {
    for (const path of [
      "/media/products/pv-0000-01.svg",
      "/media/products/pv-1001-01.png",
      "/media/products/..%2Fsecret.svg",
      "/media/categories/nope.svg",
    ]) {
      const response = await fetch(`${platform.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
