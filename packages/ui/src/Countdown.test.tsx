import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CountdownText, formatCountdown } from "./Countdown.js";

describe("formatCountdown", () => {
  it("formats seconds as m:ss", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(299)).toBe("4:59");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(61)).toBe("1:01");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(3600)).toBe("60:00");
  });

  it("rounds fractions up and gives 0:00 for negative or non-finite values", () => {
    expect(formatCountdown(0.2)).toBe("0:01");
    expect(formatCountdown(59.5)).toBe("1:00");
    expect(formatCountdown(-3)).toBe("0:00");
    expect(formatCountdown(Number.NaN)).toBe("0:00");
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe("0:00");
  });
});

describe("CountdownText", () => {
  it("renders the label around the time in a timer that is not live", () => {
    render(
      <CountdownText seconds={300} label={(time) => `Skicka igen om ${time}`} className="block" />,
    );
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toBe("Skicka igen om 5:00");
    expect(timer.getAttribute("aria-live")).toBe("off");
    expect(timer.className).toContain("block");
  });
});
