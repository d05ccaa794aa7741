import { render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { Breadcrumb } from "./Breadcrumb.js";

function RouterLink({ to, ...props }: ComponentProps<"a"> & { to?: string }) {
  return <a {...props} data-to={to} />;
}

describe("Breadcrumb", () => {
  it("is a named navigation with a list of links ending in the current page", () => {
    render(
      <Breadcrumb
        label="Brödsmulor"
        linkComponent={RouterLink}
        items={[
          { label: "Start", href: "/" },
          { label: "Tröjor", href: "/kategori/klader/trojor" },
          { label: "Kofta Porvoo" },
        ]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Brödsmulor" });
    const items = within(nav).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Start", "›Tröjor", "›Kofta Porvoo"]);
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/",
      "/kategori/klader/trojor",
    ]);
    expect(links[1]?.getAttribute("data-to")).toBe("/kategori/klader/trojor");
    const current = within(nav).getByText("Kofta Porvoo");
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.tagName).toBe("SPAN");
    // The separators are not read out.
    for (const separator of within(nav).getAllByText("›")) {
      expect(separator.getAttribute("aria-hidden")).toBe("true");
    }
  });

  it("never links the current page, even when it has an address", () => {
    render(
      <Breadcrumb
        label="Breadcrumb"
        items={[
          { label: "Home", href: "/" },
          { label: "Bags", href: "/bags" },
        ]}
      />,
    );
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByText("Bags").getAttribute("aria-current")).toBe("page");
  });
});
