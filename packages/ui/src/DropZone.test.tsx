import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
    expect(onFiles).toHaveBeenCalledWith([file], []);
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
    expect(onFiles).toHaveBeenCalledWith([file], []);
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

  describe("C§5's rules and C§3's upload items", () => {
    beforeEach(() => {
      let made = 0;
      URL.createObjectURL = vi.fn(() => `blob:preview-${++made}`);
      URL.revokeObjectURL = vi.fn();
    });
    afterEach(() => vi.restoreAllMocks());

    const spec = { name: "file", title: "Drag files here", chooseLabel: "Choose files" };
    /** A PDF that says it has `size` bytes (without holding them). */
    const pdf = (name: string, size = 10) => {
      const file = new File(["%PDF"], name, { type: "application/pdf" });
      Object.defineProperty(file, "size", { value: size });
      return file;
    };

    it("refuses by the spec's defaults, each file with its own message", () => {
      const onFiles = vi.fn();
      render(
        <DropZone
          {...spec}
          id="docs"
          onFiles={onFiles}
          present={[{ name: "offer.pdf", size: 10 }]}
        />,
      );
      const big = pdf("big.pdf", 10 * 1024 * 1024 + 1);
      const exe = new File(["x"], "tool.exe", { type: "application/x-msdownload" });
      const again = pdf("OFFER.pdf");
      const ok = pdf("brief.pdf");
      fireEvent.change(screen.getByLabelText("Choose files"), {
        target: { files: [big, exe, again, ok] },
      });
      expect(onFiles).toHaveBeenCalledWith(
        [ok],
        [
          { file: big, problem: "too_large" },
          { file: exe, problem: "type_not_supported" },
          { file: again, problem: "already_uploaded" },
        ],
      );
      expect(screen.getByRole("alert").textContent).toContain(
        "big.pdf: the file is too large (max 10 MB)",
      );
      expect(screen.getByRole("alert").textContent).toContain(
        "tool.exe: the file type is not supported",
      );
      expect(screen.getByRole("alert").textContent).toContain(
        "OFFER.pdf: the file has already been uploaded",
      );
    });

    it("counts the files waiting in its list with those already added: ten in all", () => {
      render(
        <DropZone
          {...spec}
          id="docs"
          present={Array.from({ length: 8 }, (_, index) => ({ name: `old${index}.pdf`, size: 1 }))}
          messages={{
            too_many: ({ file, maxFiles }) => `${file}: högst ${maxFiles} filer`,
            too_large: () => "",
            type_not_supported: () => "",
            already_uploaded: () => "",
          }}
        />,
      );
      const input = screen.getByLabelText("Choose files");
      fireEvent.change(input, { target: { files: [pdf("a.pdf"), pdf("b.pdf")] } });
      expect(screen.getAllByRole("listitem")).toHaveLength(2);
      fireEvent.change(input, { target: { files: [pdf("c.pdf")] } });
      expect(screen.getByRole("alert").textContent).toBe("c.pdf: högst 10 filer");
      expect(within(screen.getByTestId("drop-zone-items")).getAllByRole("listitem")).toHaveLength(
        2,
      );
    });

    it("lists accepted files with an image's preview, and removes one by keyboard", () => {
      const onItemsChange = vi.fn();
      render(
        <DropZone
          {...spec}
          id="docs"
          onItemsChange={onItemsChange}
          removeLabel={(n) => `Ta bort ${n}`}
        />,
      );
      fireEvent.change(screen.getByLabelText("Choose files"), {
        target: { files: [png(), pdf("brief.pdf")] },
      });
      const items = onItemsChange.mock.calls.at(-1)?.[0];
      expect(
        items.map((item: { type: string; preview?: string }) => [item.type, item.preview]),
      ).toEqual([
        ["image", "blob:preview-1"],
        ["document", undefined],
      ]);
      expect(screen.getByTestId("drop-zone-items").querySelector("img")?.getAttribute("src")).toBe(
        "blob:preview-1",
      );
      fireEvent.click(screen.getByRole("button", { name: "Ta bort logo.png" }));
      expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
      expect(within(screen.getByTestId("drop-zone-items")).getAllByRole("listitem")).toHaveLength(
        1,
      );
      expect(document.activeElement).toBe(screen.getByLabelText("Choose files"));
    });

    it("keeps no list when its files are sent at once", () => {
      const onFiles = vi.fn();
      render(<DropZone {...spec} id="docs" list={false} onFiles={onFiles} />);
      fireEvent.change(screen.getByLabelText("Choose files"), {
        target: { files: [pdf("a.pdf")] },
      });
      expect(onFiles).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId("drop-zone-items")).toBeNull();
    });
  });
});
