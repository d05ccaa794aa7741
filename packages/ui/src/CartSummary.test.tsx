import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CartSummary } from "./CartSummary.js";
import { CartSummarySkeleton } from "./CartSummarySkeleton.js";

const lines = [
  { id: "subtotal", label: "Delsumma", value: "1 000 kr" },
  { id: "discount", label: "Rabatt", value: "-100 kr", tone: "discount" as const },
  { id: "shipping", label: "Frakt", value: "49 kr" },
  { id: "vat", label: "Varav moms", value: "190 kr" },
  { id: "total", label: "Att betala", value: "949 kr", emphasis: true },
];

describe("CartSummary", () => {
  it("renders a titled region with its lines, slot and footer", () => {
    render(
      <CartSummary
        title="Varukorg"
        lines={lines}
        footer={<button type="button">Till kassan</button>}
      >
        <p>Rabattkod</p>
      </CartSummary>,
    );
    const region = screen.getByRole("region", { name: "Varukorg" });
    expect(region.hasAttribute("aria-busy")).toBe(false);
    const terms = within(region)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["Delsumma", "Rabatt", "Frakt", "Varav moms", "Att betala"]);
    expect(screen.getByText("-100 kr").parentElement?.className).toContain("text-emerald-700");
    expect(screen.getByText("949 kr").parentElement?.className).toContain("font-semibold");
    expect(screen.getByText("Rabattkod")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Till kassan" })).toBeTruthy();
  });

  it("shows placeholders instead of the totals while loading", () => {
    const { container } = render(
      <CartSummary title="Varukorg" lines={lines} loading loadingLabel="Hämtar varukorgen…" />,
    );
    const region = screen.getByRole("region", { name: "Varukorg" });
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText("949 kr")).toBeNull();
    expect(container.querySelectorAll(".animate-pulse").length).toBe(lines.length * 2);
    expect(screen.getByRole("status").textContent).toBe("Hämtar varukorgen…");
  });
});

describe("CartSummarySkeleton", () => {
  it("renders placeholder items and lines, busy", () => {
    const { container } = render(<CartSummarySkeleton items={2} lines={4} label="Laddar" />);
    const card = container.firstElementChild;
    expect(card?.getAttribute("aria-busy")).toBe("true");
    // title + 2 items × 3 blocks + 4 lines × 2 blocks
    expect(container.querySelectorAll(".animate-pulse").length).toBe(1 + 6 + 8);
    expect(screen.getByRole("status").textContent).toBe("Laddar");
  });
});
