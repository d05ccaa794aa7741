import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Price } from "./Price.js";

describe("Price", () => {
  it("shows a plain price", () => {
    const { container } = render(<Price price="199 kr" />);
    expect(container.textContent).toBe("199 kr");
    expect(container.querySelector("s")).toBeNull();
    expect(screen.getByText("199 kr").className).toContain("text-stone-900");
  });

  it("shows a sale price in red, the base price struck through and the discount badge", () => {
    const { container } = render(
      <Price
        price="159 kr"
        basePrice="199 kr"
        discountPercent={20}
        saleLabel="Reapris"
        basePriceLabel="Ordinarie pris"
        size="lg"
      />,
    );
    const sale = screen.getByText("159 kr", { exact: false });
    expect(sale.className).toContain("text-red-700");
    expect(sale.textContent).toBe("Reapris 159 kr, ");
    expect(sale.querySelector(".sr-only")?.textContent).toContain("Reapris");

    const struck = container.querySelector("s");
    expect(struck?.textContent).toBe("Ordinarie pris 199 kr");
    // What a screen reader reads: each price with its own label, in order.
    expect(container.textContent).toBe("Reapris 159 kr, Ordinarie pris 199 kr-20%");

    expect(screen.getByText("-20%")).toBeTruthy();
  });

  it("shows no badge without a positive discount and puts the from label first", () => {
    const { container } = render(<Price price="99 kr" fromLabel="Från" discountPercent={0} />);
    expect(container.textContent).toBe("Från 99 kr");
    expect(screen.queryByText(/%/)).toBeNull();
  });
});
