import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StrengthMeter } from "./StrengthMeter.js";

describe("StrengthMeter", () => {
  it("is a named meter from 0 to 100 with a value text", () => {
    render(<StrengthMeter score={50} label="Lösenordets styrka" valueText="Medel" />);
    const meter = screen.getByRole("meter", { name: "Lösenordets styrka" });
    expect(meter.getAttribute("aria-valuemin")).toBe("0");
    expect(meter.getAttribute("aria-valuemax")).toBe("100");
    expect(meter.getAttribute("aria-valuenow")).toBe("50");
    expect(meter.getAttribute("aria-valuetext")).toBe("Medel");
    const fill = meter.firstElementChild as HTMLElement;
    expect(fill.style.width).toBe("50%");
    expect(fill.className).toContain("bg-amber-500");
    expect(screen.getByText("Medel")).toBeTruthy();
  });

  it("is red at 0, emerald at 100 and clamps out-of-range scores", () => {
    const { rerender } = render(<StrengthMeter score={0} label="Styrka" valueText="Svagt" />);
    let meter = screen.getByRole("meter");
    expect((meter.firstElementChild as HTMLElement).className).toContain("bg-red-600");
    expect((meter.firstElementChild as HTMLElement).style.width).toBe("0%");

    rerender(<StrengthMeter score={100} label="Styrka" valueText="Starkt" />);
    meter = screen.getByRole("meter");
    expect((meter.firstElementChild as HTMLElement).className).toContain("bg-emerald-600");

    rerender(<StrengthMeter score={140} label="Styrka" valueText="Starkt" />);
    expect(screen.getByRole("meter").getAttribute("aria-valuenow")).toBe("100");
    rerender(<StrengthMeter score={-5} label="Styrka" valueText="Svagt" />);
    expect(screen.getByRole("meter").getAttribute("aria-valuenow")).toBe("0");
  });
});
