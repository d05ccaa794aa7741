import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en, fi, i18nOptions, resources, sv } from "./index.js";

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? "").sort();
}

describe("translations", () => {
  const svKeys = leafKeys(sv as unknown as Tree).sort();

  it.each([
    ["fi", fi],
    ["en", en],
  ])("%s has exactly the keys of sv", (_name, resource) => {
    expect(leafKeys(resource as unknown as Tree).sort()).toEqual(svKeys);
  });

  it.each([
    ["fi", fi],
    ["en", en],
  ])("%s keeps every interpolation placeholder of sv", (_name, resource) => {
    for (const key of svKeys) {
      const get = (tree: Tree) =>
        key.split(".").reduce<Tree | string>((node, part) => (node as Tree)[part] ?? "", tree);
      expect(placeholders(get(resource as unknown as Tree) as string), key).toEqual(
        placeholders(get(sv as unknown as Tree) as string),
      );
    }
  });

  it("has no empty text", () => {
    for (const resource of [sv, fi, en]) {
      const get = (key: string) =>
        key
          .split(".")
          .reduce<Tree | string>(
            (node, part) => (node as Tree)[part] ?? "",
            resource as unknown as Tree,
          );
      for (const key of svKeys) expect((get(key) as string).trim(), key).not.toBe("");
    }
  });

  it("translates with plurals and falls back to Swedish", async () => {
    const instance = i18next.createInstance();
    await instance.init({ ...i18nOptions, resources, lng: "fi" });
    expect(instance.t("cart.outOfStockTitle")).toBe("Loppuunmyyty");
    expect(instance.t("nav.cartWithCount", { count: 2 })).toBe("Ostoskori, 2 tuotetta");
    await instance.changeLanguage("de");
    expect(instance.t("cart.outOfStockTitle")).toBe("Slut i lager");
  });
});
