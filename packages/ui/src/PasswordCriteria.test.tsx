import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordCriteria } from "./PasswordCriteria.js";

const items = [
  { id: "length", label: "Minst 10 tecken", met: true },
  { id: "digit", label: "En siffra", met: false },
  { id: "special", label: "Ett specialtecken", met: false },
];

describe("PasswordCriteria", () => {
  it("lists each rule with its state as hidden text in a polite live region", () => {
    render(
      <PasswordCriteria
        id="password-criteria"
        title="Lösenordet ska ha"
        items={items}
        metLabel="uppfyllt"
        unmetLabel="inte uppfyllt"
      />,
    );
    const list = screen.getByRole("list", { name: "Lösenordet ska ha" });
    expect(list.id).toBe("password-criteria");
    expect(list.getAttribute("aria-live")).toBe("polite");
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Minst 10 tecken, uppfyllt",
      "En siffra, inte uppfyllt",
      "Ett specialtecken, inte uppfyllt",
    ]);
    expect(rows[0]?.getAttribute("aria-atomic")).toBe("true");
    expect(rows[0]?.querySelector(".sr-only")?.textContent).toBe(", uppfyllt");
    expect(rows.every((row) => row.querySelector("svg[aria-hidden='true']"))).toBe(true);
  });

  it("updates the text when a rule becomes met, without a title", () => {
    const { rerender } = render(
      <PasswordCriteria items={items} metLabel="täytetty" unmetLabel="ei täytetty" />,
    );
    expect(screen.getByRole("list").hasAttribute("aria-labelledby")).toBe(false);
    rerender(
      <PasswordCriteria
        items={items.map((item) => ({ ...item, met: true }))}
        metLabel="täytetty"
        unmetLabel="ei täytetty"
      />,
    );
    expect(screen.getAllByRole("listitem")[1]?.textContent).toBe("En siffra, täytetty");
  });
});
