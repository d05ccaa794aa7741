import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CartLine } from "./CartLine.js";

const props = {
  imageUrl: "https://cdn.example/jacka.jpg",
  name: "Vindjacka",
  details: ["Svart", "M"],
  price: <span>1 299 kr</span>,
  quantityControl: <span>stepper</span>,
  removeControl: <button type="submit">Ta bort</button>,
};

describe("CartLine", () => {
  it("renders a list item with image, name link, details, price and controls", () => {
    render(
      <ul>
        <CartLine {...props} href="/produkt/vindjacka" />
      </ul>,
    );
    const item = screen.getAllByRole("listitem")[0]!;
    expect(item.tagName).toBe("LI");
    expect(item.hasAttribute("aria-busy")).toBe(false);
    expect(within(item).getByRole("link", { name: "Vindjacka" }).getAttribute("href")).toBe(
      "/produkt/vindjacka",
    );
    expect(screen.getByText("Svart")).toBeTruthy();
    expect(screen.getByText("M")).toBeTruthy();
    expect(screen.getByText("1 299 kr")).toBeTruthy();
    expect(screen.getByText("stepper")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ta bort" })).toBeTruthy();
  });

  it("labels colour and size, describes the picture and pads the line so the picture stays off the border", () => {
    const { container } = render(
      <ul>
        <CartLine
          {...props}
          imageAlt="Vindjacka, Svart"
          details={[
            { label: "Färg", value: "Svart" },
            { label: "Storlek", value: "M" },
            "Ingår med Kofta",
          ]}
        />
      </ul>,
    );
    const [colour, size, included] = screen.getAllByRole("listitem").slice(1);
    expect(colour?.textContent).toBe("Färg: Svart");
    expect(size?.textContent).toBe("Storlek: M");
    expect(included?.textContent).toBe("Ingår med Kofta");
    const image = screen.getByRole("img", { name: "Vindjacka, Svart" });
    expect(image.getAttribute("width")).toBe("800");
    expect(image.getAttribute("height")).toBe("800");
    expect(image.style.aspectRatio).toBe("800 / 800");
    expect(image.className).toContain("object-contain");
    expect(container.querySelector("li")?.className).toMatch(/\bp-4\b/);
  });

  it("dims a busy line and sets aria-busy; indents a child line", () => {
    const { container } = render(
      <ul>
        <CartLine {...props} busy />
        <CartLine {...props} name="Tryck" details={["Logotyp"]} isChild />
      </ul>,
    );
    const [parent, child] = Array.from(container.querySelectorAll(":scope > ul > li"));
    expect(parent?.getAttribute("aria-busy")).toBe("true");
    expect(parent?.className).toContain("opacity-50");
    expect(child?.className).toContain("ml-6");
    expect(screen.queryByRole("link")).toBeNull();
  });
});
