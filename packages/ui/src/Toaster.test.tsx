import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_DEFAULTS, Toaster, type ToastMessage } from "./Toaster.js";

const toasts: ToastMessage[] = [
  { id: "1", title: "Första" },
  { id: "2", title: "Andra", variant: "success" },
  { id: "3", title: "Tredje", description: "Mer text" },
  { id: "4", title: "Slut i lager", description: "Varan finns inte längre.", variant: "error" },
];

afterEach(() => {
  vi.useRealTimers();
});

describe("TOAST_DEFAULTS", () => {
  it("holds the defaults of C§9", () => {
    expect(TOAST_DEFAULTS).toEqual({
      duration: 4000,
      visible: 3,
      gap: 14,
      width: 356,
      position: "bottom-right",
    });
  });
});

describe("Toaster", () => {
  it("renders nothing on the server", () => {
    const html = renderToString(
      <Toaster toasts={toasts} onDismiss={() => {}} closeLabel="Stäng" label="Aviseringar" />,
    );
    expect(html).toBe("");
  });

  it("shows the newest three toasts with close buttons named by closeLabel", () => {
    render(<Toaster toasts={toasts} onDismiss={() => {}} closeLabel="Stäng" label="Aviseringar" />);
    expect(screen.queryByText("Första")).toBeNull();
    expect(screen.getAllByText("Andra").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Tredje").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Slut i lager").length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Stäng" }).length).toBe(3);
    expect(screen.getByRole("region", { name: /Aviseringar/ })).toBeTruthy();
  });

  it("calls onDismiss when closed or when the duration has passed", () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Toaster
        toasts={[{ id: "a", title: "Tillagd i varukorgen" }]}
        onDismiss={onDismiss}
        closeLabel="Stäng"
        duration={1000}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Stäng" }));
    expect(onDismiss).toHaveBeenCalledWith("a");

    onDismiss.mockClear();
    render(
      <Toaster
        toasts={[{ id: "b", title: "Sparad" }]}
        onDismiss={onDismiss}
        closeLabel="Stäng igen"
        duration={1000}
      />,
    );
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(onDismiss).toHaveBeenCalledWith("b");
  });
});
