import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QuantityStepper } from "./QuantityStepper.js";

describe("QuantityStepper", () => {
  it("renders submit buttons carrying name and value, and the quantity in a live region", () => {
    render(
      <QuantityStepper
        quantity={2}
        label="Antal"
        decrease={{ label: "Minska antal", name: "quantity", value: "1" }}
        increase={{ label: "Öka antal", name: "quantity", value: "3", form: "line-1" }}
      />,
    );
    const group = screen.getByRole("group", { name: "Antal" });
    expect(group).toBeTruthy();

    const minus = screen.getByRole("button", { name: "Minska antal" });
    expect(minus.getAttribute("type")).toBe("submit");
    expect(minus.getAttribute("name")).toBe("quantity");
    expect(minus.getAttribute("value")).toBe("1");

    const plus = screen.getByRole("button", { name: "Öka antal" });
    expect(plus.getAttribute("type")).toBe("submit");
    expect(plus.getAttribute("value")).toBe("3");
    expect(plus.getAttribute("form")).toBe("line-1");

    const quantity = screen.getByRole("status");
    expect(quantity.getAttribute("aria-live")).toBe("polite");
    expect(quantity.textContent).toBe("Antal 2");
  });

  it("submits the surrounding form without JavaScript handlers", () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <QuantityStepper
          quantity={1}
          label="Antal"
          decrease={{ label: "Minska antal", disabled: true }}
          increase={{ label: "Öka antal", name: "quantity", value: "2" }}
        />
      </form>,
    );
    expect(screen.getByRole("button", { name: "Minska antal" }).hasAttribute("disabled")).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Öka antal" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("sets aria-busy and ignores clicks while busy", () => {
    const onClick = vi.fn();
    render(
      <QuantityStepper
        quantity={1}
        label="Antal"
        busy
        decrease={{ label: "Minska antal", type: "button", onClick }}
        increase={{ label: "Öka antal", type: "button", onClick }}
      />,
    );
    expect(screen.getByRole("group").getAttribute("aria-busy")).toBe("true");
    const plus = screen.getByRole("button", { name: "Öka antal" });
    expect(plus.getAttribute("type")).toBe("button");
    fireEvent.click(plus);
    expect(onClick).not.toHaveBeenCalled();
  });
});
