import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WishlistButton } from "./WishlistButton.js";

describe("WishlistButton", () => {
  it("is a submit toggle named for its product, pressed when the product is kept", () => {
    render(
      <form>
        <WishlistButton pressed name="intent" value="remove" label="Ta bort Tröja ur önskelistan" />
      </form>,
    );
    const button = screen.getByRole("button", { name: "Ta bort Tröja ur önskelistan" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.getAttribute("name")).toBe("intent");
    expect(button.querySelector("path")?.getAttribute("fill")).toBeNull();
    expect(button.querySelector("svg")?.getAttribute("fill")).toBe("currentColor");
  });

  it("shows the added note in a polite live region, and nothing when there is none", () => {
    const { rerender, container } = render(
      <WishlistButton pressed={false} label="Spara Tröja i önskelistan" />,
    );
    const live = container.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe("");
    expect(screen.getByRole("button").getAttribute("aria-pressed")).toBe("false");
    rerender(<WishlistButton pressed label="Ta bort Tröja ur önskelistan" addedNote="Sparad" />);
    expect(live?.textContent).toBe("Sparad");
  });
});
