import {
  type CompanyFile,
  HttpError,
  type MediaClient,
  type MediaUploadResult,
  UnexpectedError,
} from "@kassa/api-client";
import { PRINT_FILE_PROBLEMS, type PrintFileProblem } from "@kassa/domain";
import { describe, expect, it } from "vitest";
import { translatorIn } from "~/modules/http/i18n.server";
import { formatFileSize, printFileFormat } from "./print-file-format";
import { printFileProblemText } from "./print-file-problems";
import {
  loadPrintFiles,
  printFileLimits,
  printFilesAction,
  uploadTooLarge,
} from "./print-files.server";
import type { PrintFilesActionData } from "./print-files-view";

const limits = printFileLimits(5);

function file(overrides: Partial<CompanyFile> = {}): CompanyFile {
  const id = overrides.id ?? "f1";
  return {
    id,
    filename: "logo.png",
    url: `http://platform.test/media/company-files/${id}/logo.png?expires=1&signature=s`,
    size: 2048,
    description: "",
    logoType: "secondary",
    custom_fields: {},
    companyId: "c1",
    mimeType: "image/png",
    createdAt: "2026-11-25T10:00:00.000Z",
    ...overrides,
  };
}

interface Recorded {
  uploads: { names: string[]; key?: string }[];
  deletes: string[];
}

function stubMedia(files: CompanyFile[], overrides: Partial<MediaClient> = {}) {
  const recorded: Recorded = { uploads: [], deletes: [] };
  const client: MediaClient = {
    listCompanyFiles: async () => ({ companies: [{ id: "c1", files }], page: 1, per_page: 200 }),
    uploadCompanyFile: async () => {
      throw new Error("not used");
    },
    uploadCompanyFiles: async (input, options): Promise<MediaUploadResult> => {
      recorded.uploads.push({
        names: input.files.map((upload) => upload.name),
        key: options?.idempotencyKey,
      });
      const stored = file({ id: `new-${recorded.uploads.length}`, filename: input.files[0]!.name });
      return { success: true, file: stored, files: [stored] };
    },
    updateCompanyFile: async (payload) => ({
      success: true,
      file: file({ filename: payload.filename }),
    }),
    deleteCompanyFile: async (fileId) => {
      recorded.deletes.push(fileId);
      return { success: true, deleted: [fileId] };
    },
    convertToPng: async () => new Blob(),
    ...overrides,
  };
  return { client, recorded };
}

function form(fields: Record<string, string>, files: File[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  for (const upload of files) data.append("file", upload, upload.name);
  return data;
}

const png = (name: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type: "image/png" });

async function run(client: MediaClient, formData: FormData) {
  const intent = formData.get("intent") as "upload-files" | "update-file" | "delete-file";
  const result = await printFilesAction(intent, {
    formData,
    client,
    companyId: "c1",
    limits,
    t: await translatorIn("sv"),
    redirectTo: "/my-account/company/?company=c1&tab=media",
    setCookies: [],
  });
  if (result instanceof Response) return { redirect: result.headers.get("location"), result };
  return { status: result.init?.status ?? 200, data: result.data as PrintFilesActionData };
}

describe("loadPrintFiles (C§2, C§5)", () => {
  it("lists the company's files without proofs and hidden files, a vector file by its PNG", async () => {
    const eps = file({
      id: "eps",
      filename: "logo.eps",
      mimeType: "application/postscript",
      custom_fields: { preview_url: "http://platform.test/preview.png" },
    });
    const { client } = stubMedia([
      file({ id: "png", logoType: "primary" }),
      eps,
      file({
        id: "preview",
        filename: "logo.eps.png",
        custom_fields: { preview_for: "eps", hide: true },
      }),
      file({ id: "proof", filename: "Korrektur-v2.pdf", mimeType: "application/pdf" }),
      file({ id: "pdf", filename: "broschyr.pdf", mimeType: "application/pdf", size: 1_572_864 }),
    ]);
    const view = await loadPrintFiles({
      client,
      companyId: "c1",
      canManage: true,
      limits,
      language: "sv",
      t: await translatorIn("sv"),
    });
    expect(view.status).toBe("loaded");
    expect(
      view.rows.map((row) => [row.id, row.format, row.previewUrl !== null, row.converted]),
    ).toEqual([
      ["png", "PNG", true, false],
      ["eps", "EPS", true, true],
      ["pdf", "PDF", false, false],
    ]);
    expect(view.rows[1]?.previewUrl).toBe("http://platform.test/preview.png");
    expect(view.rows[0]?.downloadUrl).toContain("download=1");
    expect(view.rows[2]?.sizeText).toBe("1,5 MB");
  });

  it("says so when the files cannot be read, and keeps the card", async () => {
    const { client } = stubMedia([], {
      listCompanyFiles: async () => {
        throw new UnexpectedError({ method: "GET", url: "/x" });
      },
    });
    const view = await loadPrintFiles({
      client,
      companyId: "c1",
      canManage: false,
      limits,
      language: "fi",
      t: await translatorIn("fi"),
    });
    expect(view).toMatchObject({
      status: "failed",
      message: "Painotiedostoja ei voitu hakea. Yritä uudelleen.",
    });
  });
});

describe("uploading print files (C§4, C§5, C§8)", () => {
  it("sends each good file on its own with a key of the form, then redirects with a toast", async () => {
    const { client, recorded } = stubMedia([]);
    const answer = await run(
      client,
      form({ intent: "upload-files", company: "c1", submissionId: "s1" }, [
        png("a.png"),
        png("b.eps"),
      ]),
    );
    expect(answer.redirect).toBe("/my-account/company/?company=c1&tab=media");
    expect(recorded.uploads).toEqual([
      { names: ["a.png"], key: "print-file:c1:s1:0" },
      { names: ["b.eps"], key: "print-file:c1:s1:1" },
    ]);
  });

  it("refuses by the widget's rules before sending, and uploads the rest (200)", async () => {
    const { client, recorded } = stubMedia([file({ filename: "logo.png", size: 10 })]);
    const answer = await run(
      client,
      form({ intent: "upload-files", company: "c1" }, [
        png("logo.png", 10),
        png("huge.png", 5 * 1024 * 1024 + 1),
        new File(["MZ"], "setup.exe"),
        png("ok.png"),
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.problems).toEqual([
      "logo.png: filen har redan laddats upp",
      "huge.png: filen är för stor (max 5 MB)",
      "setup.exe: filtypen stöds inte",
    ]);
    expect(answer.data?.toast).toEqual({
      variant: "error",
      title: "3 filer kunde inte laddas upp",
      description: "Filen har laddats upp",
    });
    expect(recorded.uploads.map((upload) => upload.names)).toEqual([["ok.png"]]);
  });

  it("names the server's refusal of a file, and a failed conversion in the toast (400)", async () => {
    const { client } = stubMedia([], {
      uploadCompanyFiles: async (input) => ({
        success: false,
        status: 422,
        error: "Upload failed",
        message: "logo.eps: conversion and upload failed",
        errors: [],
        files: [{ filename: input.files[0]!.name, problem: "conversion_failed", message: "…" }],
      }),
    });
    const answer = await run(
      client,
      form({ intent: "upload-files", company: "c1" }, [png("logo.eps")]),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.problems).toEqual(["logo.eps: konvertering och uppladdning misslyckades"]);
    expect(answer.data?.toast.title).toBe("Konvertering och uppladdning misslyckades för logo.eps");
  });

  it("says a post too large to read under the drop zone", async () => {
    const answer = uploadTooLarge(await translatorIn("en"));
    if (answer instanceof Response) throw new Error("expected data");
    expect(answer.init?.status).toBe(413);
    expect((answer.data as PrintFilesActionData).problems).toEqual([
      "The files are too large to send at once. Upload fewer at a time.",
    ]);
  });

  it("asks for a file when none was chosen", async () => {
    const { client } = stubMedia([]);
    const empty = form({ intent: "upload-files", company: "c1" });
    empty.append("file", new File([], ""));
    const answer = await run(client, empty);
    expect(answer.status).toBe(400);
    expect(answer.data?.problems).toEqual(["Välj minst en fil att ladda upp."]);
  });

  it("names a file the converters were too busy for, and goes on with the next", async () => {
    let calls = 0;
    const { client } = stubMedia([], {
      uploadCompanyFiles: async (input) => {
        calls += 1;
        if (calls === 1) {
          throw new HttpError({ message: "busy", status: 503, method: "POST", url: "/x" });
        }
        const stored = file({ id: "b", filename: input.files[0]!.name });
        return { success: true, file: stored, files: [stored] };
      },
    });
    const answer = await run(
      client,
      form({ intent: "upload-files", company: "c1" }, [png("a.eps"), png("b.png")]),
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.problems).toEqual([
      "Uppladdningen misslyckades för a.eps: Många filer konverteras just nu. Försök igen om en stund.",
    ]);
  });

  it("names a file the platform could not be reached for", async () => {
    const { client } = stubMedia([], {
      uploadCompanyFiles: async () => {
        throw new UnexpectedError({ method: "POST", url: "/x" });
      },
    });
    const answer = await run(
      client,
      form({ intent: "upload-files", company: "c1" }, [png("a.png")]),
    );
    expect(answer.data?.problems).toEqual(["Uppladdningen misslyckades för a.png"]);
  });
});

describe("a file's details and its removal (C§7, C§8)", () => {
  it("puts the details by the file's name and redirects with a toast", async () => {
    let sent: unknown;
    const { client } = stubMedia([file({ id: "f1", filename: "logo.png" })], {
      updateCompanyFile: async (payload) => {
        sent = payload;
        return { success: true, file: file() };
      },
    });
    const answer = await run(
      client,
      form({
        intent: "update-file",
        company: "c1",
        fileId: "f1",
        logoType: "primary",
        description: " Svart ",
      }),
    );
    expect(answer.redirect).toContain("tab=media");
    expect(sent).toEqual({
      companyId: "c1",
      filename: "logo.png",
      logoType: "primary",
      description: "Svart",
    });
  });

  it("answers field errors in the page's language", async () => {
    const { client } = stubMedia([file()]);
    const answer = await run(
      client,
      form({
        intent: "update-file",
        company: "c1",
        fileId: "f1",
        logoType: "main",
        description: "x".repeat(501),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.fieldErrors).toEqual({
      logoType: ["Ogiltigt värde."],
      description: ["Beskrivningen får vara högst 500 tecken."],
    });
  });

  it("deletes and redirects; a file already gone, or a platform away, is said", async () => {
    const { client, recorded } = stubMedia([file()]);
    expect(
      (await run(client, form({ intent: "delete-file", company: "c1", fileId: "f1" }))).redirect,
    ).toContain("tab=media");
    expect(recorded.deletes).toEqual(["f1"]);

    const gone = stubMedia([], {
      deleteCompanyFile: async () => ({
        success: false,
        status: 404,
        error: "Failed to delete file",
        message: "File not found",
        errors: [],
        files: [],
      }),
    });
    expect(
      (await run(gone.client, form({ intent: "delete-file", company: "c1", fileId: "f1" }))).data
        ?.toast,
    ).toEqual({
      variant: "error",
      title: "Kunde inte ta bort filen",
      description: "Filen finns inte längre.",
    });

    const away = stubMedia([], {
      deleteCompanyFile: async () => {
        throw new UnexpectedError({ method: "DELETE", url: "/x" });
      },
    });
    const technical = await run(
      away.client,
      form({ intent: "delete-file", company: "c1", fileId: "f1" }),
    );
    expect(technical.status).toBe(503);
    expect(technical.data?.toast.description).toBe(
      "Ett tekniskt fel uppstod när filen skulle tas bort. Försök igen.",
    );
  });
});

describe("the problems' texts (C§5)", () => {
  it("has every problem of the domain's rules in sv, fi and en, with the file and the limit", async () => {
    for (const language of ["sv", "fi", "en"]) {
      const t = await translatorIn(language);
      for (const problem of Object.keys(PRINT_FILE_PROBLEMS) as PrintFileProblem[]) {
        const text = printFileProblemText(t, problem, "logo.eps", limits);
        expect(text, `${language} ${problem}`).not.toContain("media.problems");
        expect(text).toMatch(/^logo\.eps: /);
      }
      expect(printFileProblemText(t, "too_large", "a.png", limits)).toContain("5");
      expect(printFileProblemText(t, "too_many", "a.png", limits)).toContain("10");
    }
  });
});

describe("formats and sizes", () => {
  it("names formats as people do", () => {
    expect(printFileFormat("application/postscript", "logo.eps")).toBe("EPS");
    expect(printFileFormat("application/postscript", "logo.ai")).toBe("AI");
    expect(printFileFormat("application/postscript", "sheet.ps")).toBe("PostScript");
    expect(printFileFormat("application/pdf", "logo.ai")).toBe("AI");
    expect(printFileFormat("image/svg+xml", "logo.svg")).toBe("SVG");
  });

  it("writes sizes in the page's language", () => {
    expect(formatFileSize(512, "en")).toBe("512 byte");
    expect(formatFileSize(2048, "sv")).toBe("2 kB");
    expect(formatFileSize(1_572_864, "fi")).toBe("1,5 Mt");
  });
});
