import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button, buttonClasses } from "./Button.js";

describe("Button", () => {
  it("is a native button of type button by default", () => {
    render(<Button>Spara</Button>);
    const button = screen.getByRole("button", { name: "Spara" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("passes native props such as type, name and value for form submissions", () => {
    render(
      <Button type="submit" name="intent" value="add-to-cart" variant="secondary" size="sm">
        Lägg i varukorgen
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Lägg i varukorgen" });
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.getAttribute("name")).toBe("intent");
    expect(button.getAttribute("value")).toBe("add-to-cart");
  });

  it("shows a spinner, sets aria-busy and ignores clicks while busy", () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button busy onClick={onClick}>
        Spara
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Spara" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(container.querySelector("svg.animate-spin")).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("calls onClick when not busy and forwards its ref", () => {
    const onClick = vi.fn();
    let element: HTMLButtonElement | null = null;
    render(
      <Button
        ref={(node) => {
          element = node;
        }}
        onClick={onClick}
        variant="danger"
      >
        Ta bort
      </Button>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ta bort" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(element).toBeInstanceOf(HTMLButtonElement);
  });
});

describe("buttonClasses", () => {
  it("sets the ring's colour before focus, so it does not fade in from white", () => {
    const { getByRole } = render(<Button>Spara</Button>);
    const classes = getByRole("button").className.split(" ");
    expect(classes).toContain("outline-emerald-700");
    expect(classes).not.toContain("focus-visible:outline-emerald-700");
  });

  it("draws a destructive button's ring in red only", () => {
    const { getByRole } = render(<Button variant="danger">Radera</Button>);
    const classes = getByRole("button").className.split(" ");
    expect(classes).toContain("outline-red-700");
    expect(classes).not.toContain("outline-emerald-700");
  });

  it("gives a link the button's look, focus ring included", () => {
    const classes = buttonClasses({ className: "w-full" });
    expect(classes).toContain("bg-emerald-700");
    expect(classes).toContain("focus-visible:outline");
    expect(classes).toContain("w-full");
  });
});
