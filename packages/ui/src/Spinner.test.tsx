import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Skeleton } from "./Skeleton.js";
import { Spinner } from "./Spinner.js";

describe("Spinner", () => {
  it("is decorative without a label", () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is a status region with its label", () => {
    render(<Spinner label="Laddar…" />);
    expect(screen.getByRole("status").textContent).toBe("Laddar…");
  });
});

describe("Skeleton", () => {
  it("is a hidden placeholder that takes the given size", () => {
    const { container } = render(<Skeleton className="h-4 w-32" />);
    const block = container.firstElementChild;
    expect(block?.getAttribute("aria-hidden")).toBe("true");
    expect(block?.className).toContain("h-4 w-32");
  });
});
