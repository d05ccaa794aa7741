import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Banner } from "./Banner.js";

describe("Banner", () => {
  it("announces the destructive (error) variant at once", () => {
    render(
      <Banner variant="error" title="Fel lösenord" className="mb-4">
        Försök igen.
      </Banner>,
    );
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toBe("Fel lösenordFörsök igen.");
    expect(banner.className).toContain("bg-red-50");
    expect(banner.className).toContain("w-full");
    expect(banner.className).toContain("mb-4");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("uses role status for info and success unless told otherwise", () => {
    render(
      <>
        <Banner variant="success">E-postadressen är verifierad.</Banner>
        <Banner variant="info" role="alert">
          Obs
        </Banner>
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("E-postadressen är verifierad.");
    expect(screen.getByRole("alert").textContent).toBe("Obs");
  });

  it("shows a named dismiss button after hydration only", () => {
    const onDismiss = vi.fn();
    const html = renderToString(
      <Banner variant="info" onDismiss={onDismiss} dismissLabel="Stäng">
        Text
      </Banner>,
    );
    expect(html).not.toContain("<button");

    render(
      <Banner variant="info" onDismiss={onDismiss} dismissLabel="Stäng">
        Text
      </Banner>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Stäng" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
