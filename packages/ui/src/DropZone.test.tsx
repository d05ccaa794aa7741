import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DropZone } from "./DropZone.js";

const props = {
  id: "print-files",
  name: "file",
  accept: ".png,.eps",
  title: "Drag files here",
  chooseLabel: "Choose files",
  hint: "PNG or EPS, at most 5 MB",
};

const png = () => new File(["png!"], "logo.png", { type: "image/png" });

describe("DropZone", () => {
  it("is a labelled native file input on the server, posted with its form", () => {
    const html = renderToString(<DropZone {...props} />);
    expect(html).toContain('type="file"');
    expect(html).toContain('name="file"');
    expect(html).toContain('accept=".png,.eps"');
    expect(html).toContain("multiple");
    // The label names the input; the visible control is the native input itself.
    expect(html).toMatch(/<label[^>]*for="print-files"[^>]*class="[^"]*sr-only/);
  });

  it("describes the input with its hint and its errors, and marks it invalid", () => {
    render(<DropZone {...props} errors={["logo.exe: the file type is not supported"]} />);
    const input = screen.getByLabelText("Choose files");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("print-files-hint print-files-errors");
    expect(screen.getByRole("alert").textContent).toBe("logo.exe: the file type is not supported");
  });

  it("hands over chosen files, and clears the input so the same file can come again", () => {
    const onFiles = vi.fn();
    render(<DropZone {...props} onFiles={onFiles} />);
    const input = screen.getByLabelText("Choose files") as HTMLInputElement;
    const file = png();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe("");
  });

  it("takes dropped files, and shows that files are over it", () => {
    const onFiles = vi.fn();
    render(<DropZone {...props} onFiles={onFiles} />);
    const zone = screen.getByTestId("drop-zone");
    const file = png();
    act(() => {
      fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: "none" } });
    });
    expect(zone.getAttribute("data-dragging")).toBe("true");
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(zone.getAttribute("data-dragging")).toBeNull();
  });

  it("takes no files while busy, and says what it is doing", () => {
    const onFiles = vi.fn();
    render(<DropZone {...props} onFiles={onFiles} busyLabel="Converting the logo…" />);
    expect(screen.getByRole("status").textContent).toBe("Converting the logo…");
    expect((screen.getByLabelText("Choose files") as HTMLInputElement).disabled).toBe(true);
    fireEvent.drop(screen.getByTestId("drop-zone"), { dataTransfer: { files: [png()] } });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
