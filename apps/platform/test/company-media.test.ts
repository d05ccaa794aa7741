/**
 * Company print files (C§2 print files card, C§4–C§9, ADR 0014) through the real HTTP server: the
 * seed's files, who may do what, C§5's upload rules on the server (by content), vector files
 * converted on upload, SVG sanitised, hostile files, signed URLs, removal, the converter's queue and
 * the body limits. One platform for the file; each test that uploads takes a company of its own
 * (the generated `org-gen-…` companies have no files), so no test depends on another's files.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type {
  CompanyFile,
  CompanyFileRejection,
  CompanyFiles,
  CompanyMediaDeleted,
  CompanyMediaUpdated,
  CompanyMediaUploaded,
  CompanyMediaUploadFailure,
} from "@kassa/api-client";
import { isListedPrintFile, MEDIA_MESSAGES, printFileMaxBytes } from "@kassa/domain";
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyFiles } from "../src/db/schema.js";
import { createConversionQueue } from "../src/modules/media/conversion-queue.js";
import { sniffFileType } from "../src/modules/media/file-type.js";
import { convertToPng } from "../src/modules/media/ghostscript.js";
import { type Drawing, drawEps, drawPng, type Rgb } from "../src/seed/drawing.js";
import { SEED_ORGANISATIONS, SEED_PRINT_FILES } from "../src/seed/fixtures.js";
import type { RunningServer } from "../src/server.js";
import { conversionsRunning } from "./support/conversions.js";
import { accessTokenOf } from "./support/order-flow.js";
import { decodePng } from "./support/png.js";
import { rawRequest } from "./support/raw-http.js";
import { MINUTE } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

type Caller = "member" | "admin" | "agent" | "superAdmin" | "outsider";

/** The demo accounts behind the callers (password `Kassa12345!`). */
const ACCOUNTS = {
  member: "companyBuyer", // inkopare@nordtrade.test
  admin: "companyAdmin", // admin@nordtrade.test
  agent: "agent", // agent@kassa.test: agent of Nordtrade and Fjällhandel, among others
  superAdmin: "superAdmin", // superadmin@kassa.test
  outsider: "finnishCompanyBuyer", // ostaja@fjallhandel.test: a member of Fjällhandel only
} as const;

const tokens = {} as Record<Caller, string>;

const NORDTRADE = SEED_ORGANISATIONS.nordtrade.id;
const FJALLHANDEL = SEED_ORGANISATIONS.fjallhandel.id;

/** A generated company of its own for each test that uploads (they start without files). */
let nextCompany = 1;
function freshCompany(): string {
  return `org-gen-${String(nextCompany++).padStart(3, "0")}`;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const [caller, account] of Object.entries(ACCOUNTS) as [
    Caller,
    (typeof ACCOUNTS)[Caller],
  ][]) {
    tokens[caller] = await accessTokenOf(platform, account);
  }
});

afterAll(async () => {
  await platform?.close();
});

// ---------------------------------------------------------------------------------------------
// Files and calls
// ---------------------------------------------------------------------------------------------

const NAVY: Rgb = [0x1d, 0x35, 0x57];
const RED: Rgb = [0xc1, 0x12, 0x1f];

/** A 72 × 36 pt drawing: red over the left half, navy over the right. */
const HALVES: Drawing = {
  width: 72,
  height: 36,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 36, height: 36, color: RED },
    { kind: "rect", x: 36, y: 0, width: 36, height: 36, color: NAVY },
  ],
};

/** A small PNG, different for every `seed` (so names and sizes can be chosen). */
function png(seed = 1, width = 4): Uint8Array {
  return drawPng({
    width,
    height: 2,
    shapes: [{ kind: "rect", x: 0, y: 0, width: seed % width || 1, height: 1, color: RED }],
  });
}

const eps = (drawing: Drawing = HALVES) => Buffer.from(drawEps(drawing, "test"), "latin1");
const text = (value: string) => Buffer.from(value, "utf8");

/** A body of `size` bytes that starts like a PNG (the size rule looks at bytes, not pixels). */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(png());
  return bytes;
}

/** An upload's answer: stored (`CompanyMediaUploaded`) or refused (`CompanyMediaUploadFailure`). */
type UploadBody = Omit<CompanyMediaUploaded, "files"> &
  Omit<CompanyMediaUploadFailure, "files"> & { files: (CompanyFile & CompanyFileRejection)[] };

interface Reply<Body> {
  status: number;
  headers: Headers;
  body: Body;
}

/** Calls the server; a FormData body goes as multipart, anything else but a string as JSON. */
async function call<Body>(
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    server?: { url: string };
  } = {},
): Promise<Reply<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: FormData | string | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${(options.server ?? platform).url}${path}`, {
    method,
    headers,
    body,
  });
  const type = response.headers.get("content-type") ?? "";
  const parsed = type.includes("json")
    ? await response.json()
    : type.startsWith("image/") || type.startsWith("application/")
      ? new Uint8Array(await response.arrayBuffer())
      : await response.text();
  return { status: response.status, headers: response.headers, body: parsed as Body };
}

/** `POST /api/company-media/` as JSON. */
function uploadJson(
  token: string,
  companyId: string,
  filename: string,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
) {
  return call<UploadBody>("POST", "/api/company-media/", {
    token,
    body: { companyId, filename, base64: Buffer.from(bytes).toString("base64"), ...extra },
  });
}

function formOf(companyId: string | undefined, files: [name: string, bytes: Uint8Array][]) {
  const form = new FormData();
  if (companyId !== undefined) form.set("companyId", companyId);
  for (const [name, bytes] of files) form.append("file", new Blob([bytes]), name);
  return form;
}

/** `POST /api/company-media/` as multipart, one `file` field per file. */
function uploadForm(
  token: string,
  companyId: string | undefined,
  files: [name: string, bytes: Uint8Array][],
  options: { headers?: Record<string, string>; server?: { url: string } } = {},
) {
  return call<UploadBody>("POST", "/api/company-media/", {
    token,
    body: formOf(companyId, files),
    ...options,
  });
}

async function filesOf(companyId: string, token = tokens.superAdmin): Promise<CompanyFile[]> {
  const { status, body } = await call<CompanyFiles>(
    "GET",
    `/api/company-media/?companyId=${companyId}`,
    { token },
  );
  expect(status).toBe(200);
  return body.companies[0]?.files ?? [];
}

/** The path and query of a file's signed URL (the server's own origin). */
function pathOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(platform.url);
  return `${parsed.pathname}${parsed.search}`;
}

async function fetchFile(url: string, extra = "") {
  return call<Uint8Array | string>("GET", `${pathOf(url)}${extra}`);
}

/** Files in the platform's media folder (every stored file, previews included). */
async function bytesOnDisk(): Promise<number> {
  let count = 0;
  for (const folder of await readdir(platform.mediaDir)) {
    count += (await readdir(join(platform.mediaDir, folder))).length;
  }
  return count;
}

const problemsOf = (body: CompanyMediaUploadFailure) =>
  body.files.map((file) => [file.filename, file.problem]);

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

describe("the seed's print files (SEED_PRINT_FILES)", () => {
  it("lists Nordtrade's files oldest first; the card shows three", async () => {
    const files = await filesOf(NORDTRADE, tokens.member);
    const seed = SEED_PRINT_FILES;
    expect(files.map((file) => [file.id, file.filename, file.logoType, file.mimeType])).toEqual(
      [seed.logo, seed.vectorLogo, seed.emblem, seed.emblemPreview, seed.proof, seed.oldLogo].map(
        (file) => [file.id, file.filename, file.logoType, file.mimeType],
      ),
    );
    expect(files.filter(isListedPrintFile).map((file) => file.id)).toEqual([...seed.listedIds]);
    const emblem = files.find((file) => file.id === seed.emblem.id);
    const preview = files.find((file) => file.id === seed.emblemPreview.id);
    expect(preview?.custom_fields).toEqual({ preview_for: seed.emblem.id, hide: true });
    expect(emblem?.custom_fields.preview_url).toBe(preview?.url);
    expect(files.find((file) => file.id === seed.oldLogo.id)?.custom_fields).toEqual({
      hide: true,
    });
    expect(files.every((file) => file.companyId === NORDTRADE)).toBe(true);
  });

  it("serves each file's bytes at its signed URL, of the type its content is", async () => {
    for (const file of await filesOf(NORDTRADE)) {
      const reply = await fetchFile(file.url);
      expect(reply.status, file.filename).toBe(200);
      expect(reply.headers.get("content-type"), file.filename).toBe(file.mimeType);
      const bytes = typeof reply.body === "string" ? text(reply.body) : reply.body;
      expect(bytes.byteLength, file.filename).toBe(file.size);
    }
  });

  it("draws the emblem's preview as Ghostscript draws the EPS", async () => {
    const files = await filesOf(NORDTRADE);
    const emblem = files.find((file) => file.id === SEED_PRINT_FILES.emblem.id) as CompanyFile;
    const preview = files.find((file) => file.id === SEED_PRINT_FILES.emblemPreview.id);
    const original = (await fetchFile(emblem.url)).body as Uint8Array;
    const drawn = decodePng((await fetchFile(preview?.url ?? "")).body as Uint8Array);
    const converted = decodePng(await convertToPng(original));
    expect([drawn.width, drawn.height]).toEqual([converted.width, converted.height]);
    // The centre (navy square), the disc (red), a corner (white): the same colours.
    for (const [x, y] of [
      [75, 75],
      [75, 20],
      [5, 5],
    ] as const) {
      expect(drawn.pixel(x, y), `${x},${y}`).toEqual(converted.pixel(x, y));
    }
  });

  it("lists the companies a user is a member of when no company is named", async () => {
    const list = async (caller: Caller) =>
      (await call<CompanyFiles>("GET", "/api/company-media/", { token: tokens[caller] })).body;
    expect((await list("member")).companies.map((company) => company.id)).toEqual([NORDTRADE]);
    const agent = await list("agent");
    expect(agent.companies.map((company) => company.id)).toContain(FJALLHANDEL);
    expect(agent.companies[0]?.files.map((file) => file.id)).toContain(SEED_PRINT_FILES.logo.id);
    expect(agent).toMatchObject({ page: 1, per_page: 200 });
    // A super admin sees every company, and is a member of none.
    expect((await list("superAdmin")).companies).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Who may do what (C§6, ADR 0014)
// ---------------------------------------------------------------------------------------------

describe("the media calls: caller × call × company", () => {
  type Call = "list" | "upload" | "update" | "remove" | "convert";
  // An upload by someone who administers no company (member, agent, outsider) is refused with 403
  // before its body (and the company it names) is read, whichever company that is (ADR 0034).
  //                       list  upload update remove
  const NORDTRADE_CELLS: Record<Caller, [number, number, number, number]> = {
    member: [200, 403, 403, 403],
    admin: [200, 201, 200, 200],
    agent: [200, 403, 403, 403],
    superAdmin: [200, 201, 200, 200],
    outsider: [404, 403, 404, 404],
  };
  const FJALLHANDEL_CELLS: Record<Caller, [number, number, number, number]> = {
    member: [404, 403, 404, 404],
    admin: [404, 404, 404, 404],
    agent: [200, 403, 403, 403],
    superAdmin: [200, 201, 200, 200],
    outsider: [200, 403, 403, 403],
  };
  const CALLS = ["list", "upload", "update", "remove"] as const;
  const COMPANIES = { nordtrade: NORDTRADE, fjallhandel: FJALLHANDEL } as const;
  const cells = (
    [
      ["nordtrade", NORDTRADE_CELLS],
      ["fjallhandel", FJALLHANDEL_CELLS],
    ] as const
  ).flatMap(([target, table]) =>
    (Object.entries(table) as [Caller, number[]][]).flatMap(([caller, statuses]) =>
      CALLS.map((what, index) => [target, caller, what, statuses[index] as number] as const),
    ),
  );

  /** A file of the company's own for each cell that may change or remove one. */
  async function fileFor(companyId: string, cell: string): Promise<CompanyFile> {
    const { status, body } = await uploadJson(
      tokens.superAdmin,
      companyId,
      `matrix-${cell}.png`,
      png(cell.length),
      { custom_fields: { hide: true } },
    );
    expect(status).toBe(201);
    return body.file;
  }

  function run(caller: Caller, what: Call, companyId: string, file: CompanyFile) {
    const token = tokens[caller];
    switch (what) {
      case "list":
        return call("GET", `/api/company-media/?companyId=${companyId}`, { token });
      case "upload":
        return uploadJson(token, companyId, `by-${caller}.png`, png(7), {
          custom_fields: { hide: true },
        });
      case "update":
        return call("PUT", "/api/company-media/", {
          token,
          body: { companyId, filename: file.filename, description: `by ${caller}` },
        });
      case "remove":
        return call("DELETE", `/api/company-media/${file.id}?companyId=${companyId}`, { token });
      case "convert":
        return call("POST", "/api/eps-convert", { token, body: formOf(undefined, []) });
    }
  }

  it.each(cells)("%s: %s %s → %i", async (target, caller, what, status) => {
    const companyId = COMPANIES[target];
    const file = await fileFor(companyId, `${target}-${caller}-${what}`);
    const { status: answered, body } = await run(caller, what, companyId, file);
    expect(answered).toBe(status);
    const refusal = body as CompanyMediaUploadFailure;
    if (status === 404) {
      // Never "forbidden" for a company the caller may not see: it might as well not exist.
      expect(refusal.message).toBe("company not found");
    }
    if (status === 403) expect(refusal.message).toBe(MEDIA_MESSAGES.notAllowed);
    if (status >= 400 && what !== "list") {
      const operation = {
        upload: MEDIA_MESSAGES.uploadFailed,
        update: MEDIA_MESSAGES.updateFailed,
        remove: MEDIA_MESSAGES.deleteFailed,
      }[what];
      expect(refusal.error).toBe(operation);
    }
  });

  it("lets only admins of some company and super admins convert", async () => {
    const form = () => formOf(undefined, [["halves.eps", eps()]]);
    const expected: Record<Caller, number> = {
      member: 403,
      admin: 200,
      agent: 403,
      superAdmin: 200,
      outsider: 403,
    };
    for (const caller of Object.keys(expected) as Caller[]) {
      const reply = await call("POST", "/api/eps-convert", {
        token: tokens[caller],
        body: form(),
      });
      expect(reply.status, caller).toBe(expected[caller]);
    }
  });

  it("answers 401 without a token, or with a garbage one", async () => {
    for (const token of [undefined, "not-a-token"]) {
      expect((await call("GET", "/api/company-media/", { token })).status).toBe(401);
      expect((await uploadJson(token as string, NORDTRADE, "x.png", png())).status).toBe(401);
      expect(
        (await call("POST", "/api/eps-convert", { token, body: formOf(undefined, []) })).status,
      ).toBe(401);
    }
  });

  it("never shows another company's file: its id with one's own company is not found", async () => {
    const other = await fileFor(FJALLHANDEL, "foreign");
    const asAdmin = (method: string, path: string, body?: unknown) =>
      call<CompanyMediaUploadFailure>(method, path, { token: tokens.admin, body });
    const removal = await asAdmin(
      "DELETE",
      `/api/company-media/${other.id}?companyId=${NORDTRADE}`,
    );
    expect([removal.status, removal.body.error, removal.body.message]).toEqual([
      404,
      MEDIA_MESSAGES.deleteFailed,
      MEDIA_MESSAGES.fileNotFound,
    ]);
    const update = await asAdmin("PUT", "/api/company-media/", {
      companyId: NORDTRADE,
      filename: other.filename,
      description: "mine now",
    });
    expect([update.status, update.body.message]).toEqual([404, MEDIA_MESSAGES.fileNotFound]);
    expect((await filesOf(FJALLHANDEL)).some((file) => file.id === other.id)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// C§5's upload rules, on the server
// ---------------------------------------------------------------------------------------------

describe("the upload rules (C§5), by content", () => {
  it("stores a PNG named .eps as a PNG, without a preview", async () => {
    const companyId = freshCompany();
    const reply = await uploadJson(tokens.superAdmin, companyId, "logo.eps", png());
    expect(reply.status).toBe(201);
    expect(reply.body.files).toHaveLength(1);
    expect(reply.body.file).toMatchObject({ filename: "logo.eps", mimeType: "image/png" });
    expect(reply.body.file.custom_fields).toEqual({});
    const served = await fetchFile(reply.body.file.url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toMatch(/^inline/);
  });

  it("refuses a program named .png, and anything else a printer cannot take", async () => {
    const companyId = freshCompany();
    const refused = await uploadForm(tokens.superAdmin, companyId, [
      ["setup.png", text("MZ\x90\0 this is a program")],
      ["notes.pdf", text("just some text")],
      ["empty.svg", new Uint8Array()],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: MEDIA_MESSAGES.uploadFailed,
      message: "3 files could not be uploaded",
      statusCode: 400,
    });
    expect(refused.body.files).toEqual([
      {
        filename: "setup.png",
        problem: "type_not_supported",
        message: "setup.png: the file type is not supported",
      },
      expect.objectContaining({ filename: "notes.pdf", problem: "type_not_supported" }),
      expect.objectContaining({ filename: "empty.svg", problem: "type_not_supported" }),
    ]);
    expect(refused.body.errors).toEqual(refused.body.files.map((file) => file.message));
    expect(await filesOf(companyId)).toEqual([]);
  });

  it("refuses a file over 5 MB with 413, as JSON and as multipart", async () => {
    const companyId = freshCompany();
    const atLimit = pngOfSize(printFileMaxBytes(5));
    const over = pngOfSize(printFileMaxBytes(5) + 1);
    const json = await uploadJson(tokens.superAdmin, companyId, "big.png", over);
    expect(json.status).toBe(413);
    expect(json.body.files).toEqual([
      {
        filename: "big.png",
        problem: "too_large",
        message: "big.png: the file is too large (max 5 MB)",
      },
    ]);
    const form = await uploadForm(tokens.superAdmin, companyId, [["big.png", over]]);
    expect([form.status, problemsOf(form.body)]).toEqual([413, [["big.png", "too_large"]]]);
    expect((await uploadJson(tokens.superAdmin, companyId, "fits.png", atLimit)).status).toBe(201);
  });

  it("refuses the same name and size again (409), and numbers the same name of another size", async () => {
    const companyId = freshCompany();
    expect((await uploadJson(tokens.superAdmin, companyId, "Logo.png", png(1))).status).toBe(201);
    const again = await uploadJson(tokens.superAdmin, companyId, "logo.PNG", png(1));
    expect([again.status, problemsOf(again.body)]).toEqual([
      409,
      [["logo.PNG", "already_uploaded"]],
    ]);
    const bigger = await uploadJson(tokens.superAdmin, companyId, "logo.png", png(1, 40));
    expect(bigger.status).toBe(201);
    expect(bigger.body.file.filename).toBe("logo-2.png");
    // Twice in one upload is a duplicate too.
    const twice = await uploadForm(tokens.superAdmin, companyId, [
      ["other.png", png(3)],
      ["OTHER.png", png(3)],
    ]);
    expect([twice.status, problemsOf(twice.body)]).toEqual([
      409,
      [["OTHER.png", "already_uploaded"]],
    ]);
    expect((await filesOf(companyId)).map((file) => file.filename)).toEqual([
      "Logo.png",
      "logo-2.png",
    ]);
  });

  it("counts the files the company has: ten listed at most; proofs and hidden files do not count", async () => {
    const companyId = freshCompany();
    const nine = Array.from(
      { length: 9 },
      (_, index) => [`logo-${index}.png`, png(index)] as [string, Uint8Array],
    );
    expect((await uploadForm(tokens.superAdmin, companyId, nine)).status).toBe(201);
    const two = await uploadForm(tokens.superAdmin, companyId, [
      ["tenth.png", png(20)],
      ["eleventh.png", png(21)],
    ]);
    expect([two.status, problemsOf(two.body)]).toEqual([400, [["eleventh.png", "too_many"]]]);
    expect(two.body.files[0]?.message).toBe("eleventh.png: too many files (at most 10)");
    expect(await filesOf(companyId)).toHaveLength(9);
    expect((await uploadJson(tokens.superAdmin, companyId, "tenth.png", png(20))).status).toBe(201);
    expect((await uploadJson(tokens.superAdmin, companyId, "eleventh.png", png(21))).status).toBe(
      400,
    );
    // Not listed, so not counted: the printer's proof and a hidden file.
    const proof = await uploadJson(
      tokens.superAdmin,
      companyId,
      "Korrektur-v1.pdf",
      text("%PDF-1.4\n"),
    );
    expect(proof.status).toBe(201);
    const hidden = await uploadJson(tokens.superAdmin, companyId, "spare.png", png(22), {
      custom_fields: { hide: "true" },
    });
    expect(hidden.status).toBe(201);
    expect(hidden.body.file.custom_fields).toEqual({ hide: true });
    const files = await filesOf(companyId);
    expect(files).toHaveLength(12);
    expect(files.filter(isListedPrintFile)).toHaveLength(10);
  });

  it("makes the first listed file primary and the others secondary; one primary at a time", async () => {
    const companyId = freshCompany();
    const first = await uploadForm(tokens.superAdmin, companyId, [
      ["korrektur.pdf", text("%PDF-1.4\n")],
      ["a.png", png(1)],
      ["b.png", png(2)],
    ]);
    expect(first.body.files.map((file) => [file.filename, file.logoType])).toEqual([
      ["korrektur.pdf", "secondary"],
      ["a.png", "primary"],
      ["b.png", "secondary"],
    ]);
    const later = await uploadJson(tokens.superAdmin, companyId, "c.png", png(3));
    expect(later.body.file.logoType).toBe("secondary");
    // Asked for: the new file is primary, and the old primary secondary.
    const chosen = await uploadJson(tokens.superAdmin, companyId, "d.png", png(4), {
      logoType: "primary",
      description: "Ny logga",
    });
    expect(chosen.body.file).toMatchObject({ logoType: "primary", description: "Ny logga" });
    const primaries = (await filesOf(companyId)).filter((file) => file.logoType === "primary");
    expect(primaries.map((file) => file.filename)).toEqual(["d.png"]);
  });

  it("takes the base64 of a data: URL, and refuses text that is not base64", async () => {
    const companyId = freshCompany();
    const reply = await call<CompanyMediaUploaded>("POST", "/api/company-media/", {
      token: tokens.superAdmin,
      body: {
        companyId,
        filename: "data-url.png",
        base64: `data:image/png;base64,${Buffer.from(png()).toString("base64")}`,
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.file.size).toBe(png().byteLength);
    const bad = await call<CompanyMediaUploadFailure>("POST", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "x.png", base64: "not base64!" },
    });
    expect([bad.status, bad.body.error, bad.body.errors]).toEqual([
      400,
      MEDIA_MESSAGES.uploadFailed,
      ["base64: not base64"],
    ]);
  });

  it("answers 'Missing companyId' to an upload, update or removal that names no company", async () => {
    const token = tokens.superAdmin;
    const replies = [
      await call<CompanyMediaUploadFailure>("POST", "/api/company-media/", {
        token,
        body: { filename: "x.png", base64: "iVBORw==" },
      }),
      await uploadForm(token, undefined, [["x.png", png()]]),
      await uploadForm(token, " ", [["x.png", png()]]),
      await call<CompanyMediaUploadFailure>("PUT", "/api/company-media/", {
        token,
        body: { filename: "x.png", description: "" },
      }),
      await call<CompanyMediaUploadFailure>("DELETE", "/api/company-media/some-id", { token }),
      await call<CompanyMediaUploadFailure>("DELETE", "/api/company-media/?fileId=some-id", {
        token,
      }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        error: MEDIA_MESSAGES.missingCompanyId,
        message: MEDIA_MESSAGES.missingCompanyId,
        statusCode: 400,
      });
    }
  });

  it("stores nothing of a multipart upload with one refused file (all or nothing)", async () => {
    const companyId = freshCompany();
    const before = await bytesOnDisk();
    const refused = await uploadForm(tokens.superAdmin, companyId, [
      ["good.png", png(1)],
      ["drawing.eps", eps()],
      ["bad.png", text("MZ")],
    ]);
    expect([refused.status, problemsOf(refused.body)]).toEqual([
      400,
      [["bad.png", "type_not_supported"]],
    ]);
    expect(await filesOf(companyId)).toEqual([]);
    expect(await bytesOnDisk()).toBe(before);
  });

  it("stores a multipart upload sent twice with one Idempotency-Key once, and answers the repeat", async () => {
    const companyId = freshCompany();
    const headers = { "idempotency-key": `media-${companyId}` };
    // Bytes that are not UTF-8: a text round trip of the body would change them.
    const binary = new Uint8Array([...png(5), 0xff, 0xfe, 0x80, 0x00, 0xc3]);
    const send = () =>
      uploadForm(tokens.superAdmin, companyId, [["binary.png", binary]], { headers });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body.file.size).toBe(binary.byteLength);
    const stored = (await fetchFile(first.body.file.url)).body as Uint8Array;
    expect(Buffer.from(stored).equals(Buffer.from(binary))).toBe(true);
    const repeat = await send();
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body).toEqual(first.body);
    expect(await filesOf(companyId)).toHaveLength(1);
    // The same key with another file is another request: refused, nothing runs.
    const other = await uploadForm(tokens.superAdmin, companyId, [["binary.png", png(6)]], {
      headers,
    });
    expect([other.status, (other.body as { error?: string }).error]).toEqual([
      422,
      "IDEMPOTENCY_KEY_REUSED",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Vector files converted on upload, SVG sanitised, hostile files
// ---------------------------------------------------------------------------------------------

describe("vector files (C§4: converted on upload)", () => {
  /** A server over the same database whose conversions stop after 1.5 s, not 15 s. */
  let quick: RunningServer;

  beforeAll(async () => {
    quick = await platform.serveAgain({
      media: { convertToPng: (bytes) => convertToPng(bytes, { timeoutMs: 1500 }) },
    });
  });

  it("stores the EPS and a PNG of its drawing together; the card lists the EPS with its preview", async () => {
    const companyId = freshCompany();
    const reply = await uploadForm(tokens.superAdmin, companyId, [["halves.eps", eps()]]);
    expect(reply.status).toBe(201);
    const [original, preview] = reply.body.files;
    expect(reply.body.file).toEqual(original);
    expect(original).toMatchObject({
      filename: "halves.eps",
      mimeType: "application/postscript",
      logoType: "primary",
    });
    expect(preview).toMatchObject({
      filename: "halves.png",
      mimeType: "image/png",
      custom_fields: { preview_for: original?.id, hide: true },
    });
    expect(original?.custom_fields.preview_url).toBe(preview?.url);
    const listed = (await filesOf(companyId)).filter(isListedPrintFile);
    expect(listed.map((file) => file.id)).toEqual([original?.id]);

    // The PNG is the drawing: 72 × 36 pt at 150 dpi, red on the left, navy on the right.
    const picture = (
      await fetchFile(preview?.custom_fields.preview_for ? (preview.url as string) : "")
    ).body as Uint8Array;
    expect(sniffFileType(picture)).toBe("png");
    const decoded = decodePng(picture);
    expect([decoded.width, decoded.height]).toEqual([150, 75]);
    expect(decoded.pixel(30, 37)).toEqual([...RED, 255]);
    expect(decoded.pixel(120, 37)).toEqual([...NAVY, 255]);
    // The original is a download.
    const served = await fetchFile(original?.url as string);
    expect(served.headers.get("content-disposition")).toBe("attachment; filename=halves.eps");
  });

  it("names the preview apart from a file the company already has", async () => {
    const companyId = freshCompany();
    await uploadJson(tokens.superAdmin, companyId, "halves.png", png(9));
    const reply = await uploadForm(tokens.superAdmin, companyId, [["halves.eps", eps()]]);
    expect(reply.body.files.map((file) => file.filename)).toEqual(["halves.eps", "halves-2.png"]);
  });

  it("stops an EPS that never ends, leaves no Ghostscript behind, and stores nothing", async () => {
    const companyId = freshCompany();
    const before = await bytesOnDisk();
    const loop = text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n");
    const reply = await uploadForm(
      tokens.superAdmin,
      companyId,
      [
        ["fine.png", png(1)],
        ["forever.eps", loop],
      ],
      { server: quick },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.files).toEqual([
      {
        filename: "forever.eps",
        problem: "conversion_failed",
        message: "forever.eps: conversion and upload failed",
      },
    ]);
    expect(conversionsRunning()).toBe(0);
    expect(await filesOf(companyId)).toEqual([]);
    expect(await bytesOnDisk()).toBe(before);
  });

  it("refuses an EPS that reads another file (-dSAFER)", async () => {
    const companyId = freshCompany();
    const snoop = text(
      "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n(/etc/passwd) (r) file 100 string readstring pop print\nshowpage\n",
    );
    const reply = await uploadJson(tokens.superAdmin, companyId, "snoop.eps", snoop);
    expect([reply.status, problemsOf(reply.body)]).toEqual([
      422,
      [["snoop.eps", "conversion_failed"]],
    ]);
    expect(JSON.stringify(reply.body)).not.toContain("root:");
    expect(await filesOf(companyId)).toEqual([]);
  });

  it("converts without storing at POST /api/eps-convert, and answers the converter's reason", async () => {
    const before = await bytesOnDisk();
    const reply = await call<Uint8Array>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: formOf(undefined, [["halves.eps", eps()]]),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("image/png");
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(decodePng(reply.body).pixel(30, 37)).toEqual([...RED, 255]);
    expect(await bytesOnDisk()).toBe(before);

    const loop = await call<CompanyMediaUploadFailure>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: formOf(undefined, [["forever.eps", text("%!PS-Adobe-3.0\n{ } loop\n")]]),
      server: quick,
    });
    expect([loop.status, loop.body.error, loop.body.message]).toEqual([
      422,
      MEDIA_MESSAGES.conversionFailed,
      "The conversion took too long and was stopped",
    ]);
    const notPostScript = await call<CompanyMediaUploadFailure>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: formOf(undefined, [["logo.eps", png()]]),
    });
    expect([notPostScript.status, notPostScript.body.message]).toEqual([
      400,
      "logo.eps: the file type is not supported",
    ]);
    const noFile = await call<CompanyMediaUploadFailure>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: { file: "halves.eps" },
    });
    expect(noFile.status).toBe(400);
  });
});

describe("a machine without the converter's limits (prlimit)", () => {
  it("converts nothing, says why, and stores nothing", async () => {
    const unlimited = await platform.serveAgain({
      media: {
        convertToPng: (bytes) => convertToPng(bytes, { prlimit: "/nonexistent/prlimit" }),
      },
    });
    const companyId = freshCompany();
    const upload = await uploadForm(tokens.superAdmin, companyId, [["halves.eps", eps()]], {
      server: unlimited,
    });
    expect([upload.status, problemsOf(upload.body)]).toEqual([
      422,
      [["halves.eps", "conversion_failed"]],
    ]);
    expect(await filesOf(companyId)).toEqual([]);
    const convert = await call<CompanyMediaUploadFailure>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: formOf(undefined, [["halves.eps", eps()]]),
      server: unlimited,
    });
    expect([convert.status, convert.body.error, convert.body.message]).toEqual([
      422,
      MEDIA_MESSAGES.conversionFailed,
      "The converter cannot run here: /nonexistent/prlimit (util-linux), which limits it, is missing",
    ]);
  });
});

describe("SVG uploads (sanitised before they are stored)", () => {
  const HOSTILE = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></foreignObject>
  <a href="javascript:alert(1)"><rect width="10" height="10" fill="#1d3557" onclick="alert(1)"/></a>
  <image xlink:href="https://evil.example/track.png" width="1" height="1"/>
  <circle r="3" cx="5" cy="5" style="fill: url(https://evil.example/x)"/>
</svg>`;

  it("keeps the drawing and drops scripts, handlers, foreign objects and outside references", async () => {
    const companyId = freshCompany();
    const reply = await uploadJson(tokens.superAdmin, companyId, "hostile.svg", text(HOSTILE));
    expect(reply.status).toBe(201);
    expect(reply.body.file.mimeType).toBe("image/svg+xml");
    const served = await fetchFile(reply.body.file.url);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    );
    const svg = Buffer.from(served.body as Uint8Array).toString("utf8");
    expect(svg).not.toMatch(
      /script|onload|onclick|foreignObject|iframe|javascript:|evil\.example/i,
    );
    expect(reply.body.file.size).toBe(Buffer.byteLength(svg));
    const document = new new JSDOM("").window.DOMParser().parseFromString(svg, "image/svg+xml");
    expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(document.querySelectorAll("rect")).toHaveLength(1);
    expect(document.querySelectorAll("circle")).toHaveLength(1);
  });

  it("refuses an SVG with nothing left to draw as unreadable", async () => {
    const companyId = freshCompany();
    const reply = await uploadJson(
      tokens.superAdmin,
      companyId,
      "only-script.svg",
      text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect([reply.status, reply.body.files]).toEqual([
      400,
      [
        {
          filename: "only-script.svg",
          problem: "unreadable",
          message: "only-script.svg: the file could not be read",
        },
      ],
    ]);
  });
});

describe("the converter's queue (KASSA_CONVERSIONS_AT_ONCE)", () => {
  it("runs one conversion at a time, lets two wait, and answers 503 with Retry-After beyond", async () => {
    const conversions = createConversionQueue({ atOnce: 1, maxWaiting: 2 });
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = await platform.serveAgain({
      media: {
        conversions,
        convertToPng: async () => {
          await opened;
          return drawPng(HALVES);
        },
      },
    });
    const companyIds = [freshCompany(), freshCompany(), freshCompany()];
    const uploads = companyIds.map((companyId) =>
      uploadForm(tokens.superAdmin, companyId, [["queued.eps", eps()]], { server: slow }),
    );
    await expect.poll(() => [conversions.running, conversions.waiting]).toEqual([1, 2]);

    const busy = await uploadForm(tokens.superAdmin, freshCompany(), [["late.eps", eps()]], {
      server: slow,
    });
    expect([busy.status, busy.headers.get("retry-after"), busy.body.error]).toEqual([
      503,
      "5",
      MEDIA_MESSAGES.uploadFailed,
    ]);
    const busyConvert = await call<CompanyMediaUploadFailure>("POST", "/api/eps-convert", {
      token: tokens.admin,
      body: formOf(undefined, [["late.eps", eps()]]),
      server: slow,
    });
    expect([busyConvert.status, busyConvert.headers.get("retry-after")]).toEqual([503, "5"]);

    open();
    expect((await Promise.all(uploads)).map((reply) => reply.status)).toEqual([201, 201, 201]);
    expect([conversions.running, conversions.waiting]).toEqual([0, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Signed URLs, details, removal, paging
// ---------------------------------------------------------------------------------------------

describe("signed file URLs (ADR 0014)", () => {
  let file: CompanyFile;

  beforeAll(async () => {
    const reply = await uploadJson(tokens.superAdmin, freshCompany(), "Logga svart.png", png(3));
    file = reply.body.file;
  });

  it("are absolute URLs on the public URL, and serve the file inline, privately, sandboxed", async () => {
    const url = new URL(file.url);
    expect(url.origin).toBe(platform.url);
    expect(url.pathname).toBe(`/media/company-files/${file.id}/Logga%20svart.png`);
    const reply = await fetchFile(file.url);
    expect(reply.status).toBe(200);
    expect(Object.fromEntries(reply.headers)).toMatchObject({
      "content-type": "image/png",
      "content-disposition": 'inline; filename="Logga svart.png"',
      "x-content-type-options": "nosniff",
      "content-security-policy":
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    });
    expect(reply.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(reply.headers.get("cache-control")?.split("=")[1]);
    expect(maxAge).toBeGreaterThan(29 * 60);
    expect(maxAge).toBeLessThanOrEqual(60 * 60);
  });

  it("answers download=1 with an attachment", async () => {
    const reply = await fetchFile(file.url, "&download=1");
    expect(reply.headers.get("content-disposition")).toBe('attachment; filename="Logga svart.png"');
  });

  it("answers the same 404 to a tampered, foreign, missing or expired signature", async () => {
    const url = new URL(file.url);
    const signature = url.searchParams.get("signature") ?? "";
    const tampered = new URL(url);
    tampered.searchParams.set("signature", `${signature.slice(0, -2)}AA`);
    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 1800));
    const unsigned = new URL(url);
    unsigned.search = "";
    const foreign = new URL(url);
    foreign.pathname = `/media/company-files/${SEED_PRINT_FILES.logo.id}/nordtrade-logo.png`;
    for (const each of [tampered, longer, unsigned, foreign]) {
      const reply = await call<CompanyMediaUploadFailure>("GET", `${each.pathname}${each.search}`);
      expect(reply.status, each.toString()).toBe(404);
      expect(reply.body.error).toBe(MEDIA_MESSAGES.fileNotFound);
    }
    platform.clock.advance(61 * MINUTE);
    try {
      expect((await fetchFile(file.url)).status).toBe(404);
    } finally {
      platform.clock.advance(-61 * MINUTE);
    }
    expect((await fetchFile(file.url)).status).toBe(200);
  });
});

describe("PUT /api/company-media/ (a file's details)", () => {
  it("changes the description and the logo type; choosing primary demotes the old primary", async () => {
    const companyId = freshCompany();
    await uploadForm(tokens.superAdmin, companyId, [
      ["first.png", png(1)],
      ["second.png", png(2)],
    ]);
    const reply = await call<CompanyMediaUpdated>("PUT", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "SECOND.png", logoType: "primary", description: "  Tryck  " },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.file).toMatchObject({
      filename: "second.png",
      logoType: "primary",
      description: "Tryck",
    });
    expect((await filesOf(companyId)).map((file) => [file.filename, file.logoType])).toEqual([
      ["first.png", "secondary"],
      ["second.png", "primary"],
    ]);
    // What the body leaves out stays as it is.
    const description = await call<CompanyMediaUpdated>("PUT", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "second.png", description: "" },
    });
    expect(description.body.file).toMatchObject({ logoType: "primary", description: "" });
  });

  it("keeps an EPS's preview_url in its answer", async () => {
    const companyId = freshCompany();
    const uploaded = await uploadForm(tokens.superAdmin, companyId, [["mark.eps", eps()]]);
    const reply = await call<CompanyMediaUpdated>("PUT", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "mark.eps", logoType: "alternative" },
    });
    expect(reply.body.file.custom_fields.preview_url).toBe(uploaded.body.files[1]?.url);
  });

  it("answers a body that is not JSON with 400 and the call's text", async () => {
    for (const [method, error] of [
      ["PUT", MEDIA_MESSAGES.updateFailed],
      ["POST", MEDIA_MESSAGES.uploadFailed],
    ] as const) {
      const reply = await call<CompanyMediaUploadFailure>(method, "/api/company-media/", {
        token: tokens.superAdmin,
        body: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect([reply.status, reply.body.error, reply.body.message], method).toEqual([
        400,
        error,
        "The request body is not valid JSON",
      ]);
    }
  });

  it("refuses an unknown name (404) and a logo type there is not (400) with 'Update failed'", async () => {
    const token = tokens.superAdmin;
    const unknown = await call<CompanyMediaUploadFailure>("PUT", "/api/company-media/", {
      token,
      body: { companyId: NORDTRADE, filename: "nothing.png", description: "x" },
    });
    expect([unknown.status, unknown.body.error, unknown.body.message]).toEqual([
      404,
      MEDIA_MESSAGES.updateFailed,
      MEDIA_MESSAGES.fileNotFound,
    ]);
    const invalid = await call<CompanyMediaUploadFailure>("PUT", "/api/company-media/", {
      token,
      body: { companyId: NORDTRADE, filename: SEED_PRINT_FILES.logo.filename, logoType: "main" },
    });
    expect([invalid.status, invalid.body.error, invalid.body.errors]).toEqual([
      400,
      MEDIA_MESSAGES.updateFailed,
      ["logoType: Invalid value"],
    ]);
  });
});

describe("DELETE /api/company-media/{id}", () => {
  it("removes a vector file with its preview, rows and bytes; the old URLs answer 404", async () => {
    const companyId = freshCompany();
    const uploaded = await uploadForm(tokens.superAdmin, companyId, [["gone.eps", eps()]]);
    const [original, preview] = uploaded.body.files as unknown as [CompanyFile, CompanyFile];
    const keys = (
      await platform.db.select().from(companyFiles).where(eq(companyFiles.companyId, companyId))
    ).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);

    const reply = await call<CompanyMediaDeleted>(
      "DELETE",
      `/api/company-media/${original.id}?companyId=${companyId}`,
      { token: tokens.superAdmin },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, deleted: [original.id, preview.id] });
    expect(await filesOf(companyId)).toEqual([]);
    for (const key of keys) expect(await platform.media.read(key)).toBeNull();
    expect((await fetchFile(original.url)).status).toBe(404);
    expect((await fetchFile(preview.url)).status).toBe(404);

    const again = await call<CompanyMediaUploadFailure>(
      "DELETE",
      `/api/company-media/${original.id}?companyId=${companyId}`,
      { token: tokens.superAdmin },
    );
    expect([again.status, again.body.error, again.body.message]).toEqual([
      404,
      MEDIA_MESSAGES.deleteFailed,
      MEDIA_MESSAGES.fileNotFound,
    ]);
  });

  it("also takes ?fileId=&companyId=", async () => {
    const companyId = freshCompany();
    const { body } = await uploadJson(tokens.superAdmin, companyId, "query.png", png());
    const reply = await call<CompanyMediaDeleted>(
      "DELETE",
      `/api/company-media/?fileId=${body.file.id}&companyId=${companyId}`,
      { token: tokens.superAdmin },
    );
    expect(reply.body).toEqual({ success: true, deleted: [body.file.id] });
  });
});

describe("GET /api/company-media/ paging (C§9: 200 a page)", () => {
  it("pages each company's files, 1 to 200 a page", async () => {
    const page = (query: string) =>
      call<CompanyFiles>("GET", `/api/company-media/?companyId=${NORDTRADE}&${query}`, {
        token: tokens.admin,
      });
    const second = await page("page=2&per_page=2");
    expect(second.body).toMatchObject({ page: 2, per_page: 2 });
    expect(second.body.companies[0]?.files.map((file) => file.id)).toEqual([
      SEED_PRINT_FILES.emblem.id,
      SEED_PRINT_FILES.emblemPreview.id,
    ]);
    // The original on this page still names its preview on the next.
    expect(second.body.companies[0]?.files[0]?.custom_fields.preview_url).toBeDefined();
    for (const query of ["per_page=0", "per_page=201", "page=0", "per_page=many"]) {
      expect((await page(query)).status, query).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Body limits and content types
// ---------------------------------------------------------------------------------------------

describe("the media uploads' body limit and content types", () => {
  it("takes an upload over the API's 1 MB on the upload paths only", async () => {
    const companyId = freshCompany();
    const twoMb = pngOfSize(2 * 1024 * 1024);
    expect((await uploadJson(tokens.superAdmin, companyId, "two-mb.png", twoMb)).status).toBe(201);
    const put = await call<{ error: string }>("PUT", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "two-mb.png", description: "x".repeat(2 * 1024 * 1024) },
    });
    expect([put.status, put.body.error]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });

  it("refuses a body over ten files' worth of base64 with 413, as JSON and as multipart", async () => {
    // At 0.1 MB a file the limit is 10 × 0.1 MB in base64 and 1 MB: about 2.3 MB.
    const small = await platform.serveAgain({ config: { printFileMaxMb: 0.1 } });
    const companyId = freshCompany();
    const big = pngOfSize(2 * 1024 * 1024);
    const json = await call<{ error: string; statusCode: number }>("POST", "/api/company-media/", {
      token: tokens.superAdmin,
      body: { companyId, filename: "big.png", base64: Buffer.from(big).toString("base64") },
      server: small,
    });
    expect([json.status, json.body.error, json.body.statusCode]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
      413,
    ]);
    const form = await uploadForm(
      tokens.superAdmin,
      companyId,
      [
        ["big.png", big],
        ["bigger.png", big],
      ],
      { server: small },
    );
    expect([form.status, form.body.error]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    // Within the body limit, a file over 0.1 MB is refused by the rule.
    const rule = await uploadForm(tokens.superAdmin, companyId, [["big.png", big]], {
      server: small,
    });
    expect([rule.status, problemsOf(rule.body)]).toEqual([413, [["big.png", "too_large"]]]);
    expect(rule.body.files[0]?.message).toBe("big.png: the file is too large (max 0.1 MB)");
    expect(await filesOf(companyId)).toEqual([]);
  });

  it("takes multipart on the upload paths only", async () => {
    const form = () => formOf(NORDTRADE, [["x.png", png()]]);
    for (const [method, path] of [
      ["PUT", "/api/company-media/"],
      ["POST", "/enad/login/"],
      ["POST", "/api/company-media/x"],
    ] as const) {
      const reply = await call<{ error: string }>(method, path, {
        token: tokens.admin,
        body: form(),
      });
      expect([reply.status, reply.body.error], `${method} ${path}`).toEqual([
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ]);
    }
    const plain = await call<{ error: string }>("POST", "/api/company-media/", {
      token: tokens.admin,
      body: "companyId=x",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);
  });

  it("takes a chunked upload as it comes, Idempotency-Key replays included", async () => {
    const companyId = freshCompany();
    const body = JSON.stringify({
      companyId,
      filename: "chunked.png",
      base64: Buffer.from(png(3)).toString("base64"),
    });
    const send = () =>
      fetch(`${platform.url}/api/company-media/`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.superAdmin}`,
          "content-type": "application/json",
          "idempotency-key": `chunked-${companyId}`,
        },
        // A stream has no length: fetch sends it chunked.
        body: new Blob([body]).stream(),
        duplex: "half",
      } as RequestInit);
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(await filesOf(companyId)).toHaveLength(1);
  });

  it("answers without the /api envelope, failures before the route included", async () => {
    const unknown = await call<Record<string, unknown>>("GET", "/api/company-media/a/b/c", {
      token: tokens.admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "NOT_FOUND", statusCode: 404 });
    expect(unknown.body).not.toHaveProperty("ok");
    const list = await call<Record<string, unknown>>("GET", "/api/company-media/", {
      token: tokens.admin,
    });
    expect(list.body).toHaveProperty("companies");
    expect(list.headers.get("cache-control")).toBe("no-store");
  });
});

// ---------------------------------------------------------------------------------------------
// Before the body (issue 28, ADR 0034)
// ---------------------------------------------------------------------------------------------

describe("who may upload is decided before the body is read", () => {
  /** About 60 MB, within the upload paths' limit at 5 MB a file (about 68 MB). */
  const SIXTY_MB = String(60 * 1024 * 1024);
  const upload = (headers: Record<string, string>, chunked?: { chunk: Uint8Array; max: number }) =>
    rawRequest(platform.url, { path: "/api/company-media/", headers, chunked });

  it("answers an upload declaring 60 MB at once, before its body is sent: 401 or 403, and closes", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ["anonymous", {}, 401],
      ["anonymous, with an Idempotency-Key", { "idempotency-key": "anonymous-60-mb" }, 401],
      ["a garbage token", { authorization: "Bearer not-a-token" }, 401],
      ["a member, who administers no company", { authorization: `Bearer ${tokens.member}` }, 403],
      [
        "an agent, with an Idempotency-Key",
        { authorization: `Bearer ${tokens.agent}`, "idempotency-key": "agent-60-mb" },
        403,
      ],
    ];
    for (const [who, headers, status] of cases) {
      for (const contentType of ["application/json", "multipart/form-data; boundary=x"]) {
        const answer = await upload({
          "content-type": contentType,
          "content-length": SIXTY_MB,
          ...headers,
        });
        expect([answer.status, answer.closed], `${who}, ${contentType}`).toEqual([status, true]);
        const body = JSON.parse(answer.body) as CompanyMediaUploadFailure;
        if (status === 403) {
          expect([body.error, body.message]).toEqual([
            MEDIA_MESSAGES.uploadFailed,
            MEDIA_MESSAGES.notAllowed,
          ]);
        }
      }
    }
    const convert = await rawRequest(platform.url, {
      path: "/api/eps-convert",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": SIXTY_MB },
    });
    expect([convert.status, convert.closed]).toEqual([401, true]);
  });

  it("refuses a declared oversize with 413 at once, in the error body, and closes", async () => {
    const answer = await upload({
      authorization: `Bearer ${tokens.admin}`,
      "content-type": "application/json",
      "content-length": String(200 * 1024 * 1024),
    });
    expect([answer.status, answer.closed, answer.headers.connection]).toEqual([413, true, "close"]);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "PAYLOAD_TOO_LARGE", statusCode: 413 });
  });

  it("answers 40 parallel anonymous chunked uploads while their bodies are still coming", async () => {
    const before = process.memoryUsage().arrayBuffers;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        upload(
          { "content-type": "application/json", "idempotency-key": `parallel-${index}` },
          // Up to 70 MB each if nobody stops them: 2.8 GB in all.
          { chunk: new Uint8Array(64 * 1024).fill(0x20), max: 70 * 1024 * 1024 },
        ),
      ),
    );
    for (const answer of answers) {
      expect([answer.status, answer.closed]).toEqual([401, true]);
      // Answered long before the body could have been: never read to any limit.
      expect(answer.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("cuts an admin's chunked upload off as soon as it passes the limit", async () => {
    // At 0.1 MB a file the limit is about 2.3 MB.
    const small = await platform.serveAgain({ config: { printFileMaxMb: 0.1 } });
    const answer = await rawRequest(small.url, {
      path: "/api/company-media/",
      headers: {
        authorization: `Bearer ${tokens.admin}`,
        "content-type": "application/json",
        "idempotency-key": "too-big-chunked",
      },
      chunked: { chunk: new Uint8Array(64 * 1024).fill(0x20), max: 200 * 1024 * 1024 },
    });
    expect([answer.status, answer.closed]).toEqual([413, true]);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "PAYLOAD_TOO_LARGE", statusCode: 413 });
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
  });
});
