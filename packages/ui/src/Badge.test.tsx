import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge } from "./Badge.js";
import { DiscountBadge } from "./DiscountBadge.js";

describe("Badge", () => {
  it("renders its text with the variant's colours", () => {
    render(<Badge variant="success">Skickad</Badge>);
    expect(screen.getByText("Skickad").className).toContain("bg-emerald-50");
  });

  it("has an info colour for states in progress", () => {
    render(<Badge variant="info">Behandlas</Badge>);
    expect(screen.getByText("Behandlas").className).toContain("bg-sky-50");
  });

  it("defaults to neutral", () => {
    render(<Badge>Nyhet</Badge>);
    expect(screen.getByText("Nyhet").className).toContain("bg-stone-100");
  });
});

describe("DiscountBadge", () => {
  it("shows the rounded percent with a minus", () => {
    render(<DiscountBadge percent={19.6} />);
    expect(screen.getByText("-20%")).toBeTruthy();
  });

  it("renders nothing at zero", () => {
    const { container } = render(<DiscountBadge percent={0} />);
    expect(container.innerHTML).toBe("");
  });
});
