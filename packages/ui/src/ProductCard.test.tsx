import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { Badge } from "./Badge.js";
import { Price } from "./Price.js";
import { ProductCard } from "./ProductCard.js";

/** Stands in for Remix's `Link`, which takes `to`. */
function RouterLink({ to, ...props }: ComponentProps<"a"> & { to?: string }) {
  return <a {...props} data-to={to} />;
}

const base = {
  href: "/produkt/ullstrumpa",
  name: "Ullstrumpa",
  imageUrl: "https://cdn.example/ullstrumpa.jpg",
};

describe("ProductCard", () => {
  it("links the name to the product and lazy-loads a square image with a size", () => {
    const { container } = render(
      <ProductCard
        {...base}
        brand="Fjällull"
        price={<Price price="149 kr" />}
        badge={<Badge>Nyhet</Badge>}
      />,
    );
    const link = screen.getByRole("link", { name: "Ullstrumpa" });
    expect(link.getAttribute("href")).toBe("/produkt/ullstrumpa");
    expect(link.hasAttribute("to")).toBe(false);
    expect(screen.getByRole("heading", { level: 3, name: "Ullstrumpa" })).toBeTruthy();

    const image = container.querySelector("img");
    expect(image?.getAttribute("loading")).toBe("lazy");
    expect(image?.getAttribute("width")).toBe("800");
    expect(image?.getAttribute("height")).toBe("800");
    expect(image?.getAttribute("alt")).toBe("");
    // The box has the picture's own ratio and shows all of it: nothing is cropped.
    expect(image?.style.aspectRatio).toBe("800 / 800");
    expect(image?.className).toContain("object-contain");
    expect(image?.className).not.toContain("object-cover");

    expect(screen.getByText("Fjällull")).toBeTruthy();
    expect(screen.getByText("149 kr")).toBeTruthy();
    expect(screen.getByText("Nyhet")).toBeTruthy();
  });

  it("describes the picture in the caller's words, sizes the box by the picture's ratio, and loads the first screenful eagerly", () => {
    const { container } = render(
      <ProductCard
        {...base}
        imageAlt="Ullstrumpa, Marinblå"
        imageWidth={800}
        imageHeight={1000}
        imageLoading="eager"
      />,
    );
    const image = container.querySelector("img");
    expect(screen.getByRole("img", { name: "Ullstrumpa, Marinblå" })).toBe(image);
    expect(image?.getAttribute("width")).toBe("800");
    expect(image?.getAttribute("height")).toBe("1000");
    expect(image?.style.aspectRatio).toBe("800 / 1000");
    expect(image?.getAttribute("loading")).toBe("eager");
  });

  it("shows the sold-out label and adds it to the link's name", () => {
    render(<ProductCard {...base} soldOutLabel="Slut i lager" />);
    expect(screen.getByRole("link", { name: /^Ullstrumpa\s?, Slut i lager$/ })).toBeTruthy();
    expect(screen.getAllByText("Slut i lager", { exact: false }).length).toBe(2);
  });

  it("lists swatches by name and counts the ones left out", () => {
    const swatches = ["Svart", "Grå", "Blå"].map((name, index) => ({
      name,
      hex: `#00000${index}`,
    }));
    render(<ProductCard {...base} swatches={swatches} maxSwatches={2} />);
    expect(screen.getByText("Svart")).toBeTruthy();
    expect(screen.getByText("Grå")).toBeTruthy();
    expect(screen.queryByText("Blå")).toBeNull();
    expect(screen.getByText("+1")).toBeTruthy();
  });

  it("gives a router link component both href and to", () => {
    render(<ProductCard {...base} linkComponent={RouterLink} />);
    const link = screen.getByRole("link", { name: "Ullstrumpa" });
    expect(link.getAttribute("href")).toBe(base.href);
    expect(link.getAttribute("data-to")).toBe(base.href);
  });

  it("puts actions over the image and a footer under the text, outside the card's link", () => {
    render(
      <ProductCard
        {...base}
        actions={<button type="submit">Spara</button>}
        footer={<input type="checkbox" aria-label="Jämför" />}
      />,
    );
    const link = screen.getByRole("link");
    expect(link.contains(screen.getByRole("button", { name: "Spara" }))).toBe(false);
    expect(link.contains(screen.getByRole("checkbox", { name: "Jämför" }))).toBe(false);
    expect(screen.getByRole("button", { name: "Spara" }).parentElement?.className).toContain(
      "z-10",
    );
  });
});
