import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Combobox } from "./Combobox.js";

const countries = [
  { value: "SE", label: "Sverige" },
  { value: "FI", label: "Finland" },
  { value: "AX", label: "Åland" },
];

function renderPicker(onValueChange = vi.fn()) {
  const view = render(
    <form>
      <label htmlFor="country">Land</label>
      <Combobox
        id="country"
        name="country_code"
        options={countries}
        defaultValue="SE"
        onValueChange={onValueChange}
        listLabel="Länder"
        noResultsText="Inget land hittades."
        toggleLabel="Visa länder"
      />
    </form>,
  );
  const input = screen.getByRole("combobox", { name: "Land" });
  const posted = () =>
    (view.container.querySelector("input[type=hidden]") as HTMLInputElement).value;
  return { input, posted, onValueChange };
}

describe("Combobox", () => {
  it("shows the chosen option and posts its value", () => {
    const { input, posted } = renderPicker();
    expect(input).toHaveProperty("value", "Sverige");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(posted()).toBe("SE");
  });

  it("filters as the person types and chooses with the keyboard alone", () => {
    const { input, posted, onValueChange } = renderPicker();
    fireEvent.change(input, { target: { value: "fin" } });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Finland"]);
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(posted()).toBe("FI");
    expect(input).toHaveProperty("value", "Finland");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(onValueChange).toHaveBeenCalledWith("FI");
  });

  it("moves with the arrow keys and closes with Escape, keeping the choice", () => {
    const { input, posted } = renderPicker();
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")).toHaveLength(3);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[2]?.id);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(posted()).toBe("SE");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(posted()).toBe("AX");
  });

  it("finds a name without its accents", () => {
    const { input } = renderPicker();
    fireEvent.change(input, { target: { value: "aland" } });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Åland"]);
  });

  it("says so when nothing matches (C§8)", () => {
    const { input, posted } = renderPicker();
    fireEvent.change(input, { target: { value: "Narnia" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Inget land hittades.");
    expect(input.getAttribute("aria-describedby")).toContain(status.id);
    // No option is pointed at when there is none.
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.blur(input);
    expect(posted()).toBe("SE");
    expect(input).toHaveProperty("value", "Sverige");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("chooses with a click", () => {
    const { input, posted } = renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Visa länder", hidden: true }));
    fireEvent.click(screen.getByRole("option", { name: "Finland" }));
    expect(posted()).toBe("FI");
    expect(input).toHaveProperty("value", "Finland");
  });
});
