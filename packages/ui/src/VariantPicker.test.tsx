import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { VariantPicker } from "./VariantPicker.js";

describe("VariantPicker", () => {
  it("renders links when options carry an href, crossing out sold-out ones", () => {
    render(
      <VariantPicker
        legend="Storlek"
        name="size"
        selected="M"
        unavailableLabel="slut i lager"
        options={[
          { value: "S", label: "S", href: "?color=svart&size=S" },
          { value: "M", label: "M", href: "?color=svart&size=M" },
          { value: "L", label: "L", href: "?color=svart&size=L", disabled: true },
        ]}
      />,
    );
    expect(screen.getByRole("group", { name: "Storlek" })).toBeTruthy();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);

    const medium = screen.getByRole("link", { name: "M" });
    expect(medium.getAttribute("href")).toBe("?color=svart&size=M");
    expect(medium.getAttribute("aria-current")).toBe("true");

    const large = screen.getByRole("link", { name: /^L\s?, slut i lager$/ });
    expect(large.getAttribute("href")).toBe("?color=svart&size=L");
    expect(large.className).toContain("line-through");
    expect(large.hasAttribute("aria-disabled")).toBe(false);
  });

  it("renders native radios without hrefs", () => {
    const onValueChange = vi.fn();
    render(
      <VariantPicker
        legend="Färg"
        name="color"
        selected="svart"
        onValueChange={onValueChange}
        options={[
          { value: "svart", label: "Svart", swatchHex: "#111" },
          { value: "gron", label: "Grön", swatchHex: "#065f46" },
          { value: "bla", label: "Blå", disabled: true },
        ]}
      />,
    );
    const black = screen.getByRole("radio", { name: "Svart" }) as HTMLInputElement;
    expect(black.checked).toBe(true);
    expect(black.name).toBe("color");
    expect((screen.getByRole("radio", { name: "Blå" }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Grön" }));
    expect(onValueChange).toHaveBeenCalledWith("gron");
  });
});
