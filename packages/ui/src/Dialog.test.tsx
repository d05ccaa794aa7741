import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button.js";
import { Dialog } from "./Dialog.js";

/** A page that keeps the dialog's open state, as the storefront does. */
function Controlled({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setOpen(next);
      }}
      title="Ta bort användaren?"
      closeLabel="Stäng"
    >
      <p>Innehåll</p>
    </Dialog>
  );
}

describe("Dialog", () => {
  it("opens from its trigger as a named, described modal and closes with the close button", () => {
    render(
      <Dialog
        trigger={<Button variant="danger">Radera konto</Button>}
        title="Radera kontot?"
        description="Skriv RADERA för att bekräfta."
        closeLabel="Stäng"
        maxWidthPx={350}
      >
        <input aria-label="Bekräftelse" name="confirm" />
      </Dialog>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    const trigger = screen.getByRole("button", { name: "Radera konto" });
    fireEvent.click(trigger);

    const dialog = screen.getByRole("dialog", { name: "Radera kontot?" });
    expect(dialog.getAttribute("aria-describedby")).toBe(
      screen.getByText("Skriv RADERA för att bekräfta.").id,
    );
    expect(dialog.style.maxWidth).toBe("350px");
    expect(screen.getByRole("textbox", { name: "Bekräftelse" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Stäng" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is controlled through open and onOpenChange, and closes on Escape", () => {
    const onOpenChange = vi.fn();
    render(<Controlled onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole("dialog", { name: "Ta bort användaren?" });
    expect(dialog.hasAttribute("aria-describedby")).toBe(false);
    expect(dialog.style.maxWidth).toBe("448px");

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens as a full-height drawer along the end edge when placed at the end", () => {
    render(
      <Dialog open title="Önskelista" closeLabel="Stäng" placement="end">
        <p>Listan</p>
      </Dialog>,
    );
    const drawer = screen.getByRole("dialog", { name: "Önskelista" });
    expect(drawer.className).toContain("end-0");
    expect(drawer.className).toContain("h-dvh");
    expect(drawer.className).not.toContain("-translate-y-1/2");
  });
});
