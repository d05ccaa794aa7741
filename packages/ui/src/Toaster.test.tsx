import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_WIDTH_PX } from "@kassa/domain";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster, type ToastMessage } from "./Toaster.js";

const toasts: ToastMessage[] = [
  { id: "1", title: "Första" },
  { id: "2", title: "Andra", variant: "success" },
  { id: "3", title: "Tredje", description: "Mer text" },
  { id: "4", title: "Slut i lager", description: "Varan finns inte längre.", variant: "error" },
];

afterEach(() => {
  vi.useRealTimers();
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

  it("names the region and each announcement in the page's language, not Radix's English", async () => {
    render(
      <Toaster
        toasts={[{ id: "a", title: "Sparad" }]}
        onDismiss={() => {}}
        closeLabel="Stäng"
        label="Aviseringar"
        itemLabel="Avisering"
      />,
    );
    expect(screen.getByRole("region", { name: "Aviseringar (F8)" })).toBeTruthy();
    // Radix says the toast through a visually hidden live node, prefixed by the item label, a
    // frame after the toast opens.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.body.textContent).toContain("Avisering Sparad");
    expect(document.body.textContent).not.toContain("Notification");
  });

  it("lays toasts out with the toast constants of @kassa/domain (C§9)", () => {
    render(<Toaster toasts={toasts} onDismiss={() => {}} closeLabel="Stäng" />);
    const toast = screen.getAllByRole("button", { name: "Stäng" })[0]!.closest("li")!;
    expect(toast.style.width).toBe(`${TOAST_WIDTH_PX}px`);
    const viewport = toast.parentElement!;
    expect(viewport.tagName).toBe("OL");
    expect(viewport.style.gap).toBe(`${TOAST_GAP_PX}px`);
    expect(viewport.className).toContain("bottom-0");
    expect(viewport.className).toContain("right-0");
  });

  it("keeps each toast TOAST_DURATION_MS (4 s) by default", () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Toaster toasts={[{ id: "a", title: "Sparad" }]} onDismiss={onDismiss} closeLabel="Stäng" />,
    );
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onDismiss).toHaveBeenCalledWith("a");
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
