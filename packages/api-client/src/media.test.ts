import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { createMediaClient, isMediaCallFailure } from "./media.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createMediaClient({
    baseUrl: server.baseUrl,
    accessToken: "access-1",
    sleep: async () => {},
  });
}

const lastSent = () => server.requests.at(-1)!;

const file = {
  id: "f1",
  filename: "logo.png",
  url: "http://platform.test/media/company-files/f1/logo.png?expires=1&signature=x",
  size: 4,
  description: "",
  logoType: "primary",
  custom_fields: {},
  companyId: "c1",
  mimeType: "image/png",
  createdAt: "2026-11-25T10:00:00.000Z",
};

const rejection = {
  error: "Upload failed",
  message: "logo.exe: the file type is not supported",
  statusCode: 400,
  requestId: "r1",
  errors: ["logo.exe: the file type is not supported"],
  files: [
    {
      filename: "logo.exe",
      problem: "type_not_supported",
      message: "logo.exe: the file type is not supported",
    },
  ],
};

describe("createMediaClient (C§7 media calls)", () => {
  it("asks for a company's files, 200 a page, with the user's token", async () => {
    const answer = { companies: [{ id: "c1", files: [file] }], page: 1, per_page: 200 };
    server.on("GET", "/api/company-media/?companyId=c1&per_page=200", { json: answer });
    await expect(client().listCompanyFiles({ companyId: "c1", per_page: 200 })).resolves.toEqual(
      answer,
    );
    expect(lastSent().headers.authorization).toBe("Bearer access-1");
  });

  it("uploads base64 JSON with an idempotency key, and answers a refusal as a value", async () => {
    server.on(
      "POST",
      "/api/company-media/",
      { status: 201, json: { success: true, file, files: [file] } },
      { status: 400, json: rejection },
    );
    const payload = { companyId: "c1", filename: "logo.png", base64: "iVBORw==" };
    await expect(client().uploadCompanyFile(payload)).resolves.toEqual({
      success: true,
      file,
      files: [file],
    });
    expect(JSON.parse(lastSent().body)).toEqual(payload);
    expect(lastSent().headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    const refused = await client().uploadCompanyFile({ ...payload, filename: "logo.exe" });
    expect(isMediaCallFailure(refused)).toBe(true);
    expect(refused).toEqual({
      success: false,
      status: 400,
      error: "Upload failed",
      message: "logo.exe: the file type is not supported",
      errors: rejection.errors,
      files: rejection.files,
    });
  });

  it("uploads files as multipart, one `file` field each, with the company id", async () => {
    server.on("POST", "/api/company-media/", {
      status: 201,
      json: { success: true, file, files: [file] },
    });
    await client().uploadCompanyFiles({
      companyId: "c1",
      files: [
        { name: "logo.png", data: new Blob(["png!"], { type: "image/png" }) },
        { name: "logo.eps", data: new Blob(["%!PS"]) },
      ],
    });
    const sent = lastSent();
    expect(sent.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="companyId"\r\n\r\nc1');
    expect(sent.body).toContain('name="file"; filename="logo.png"');
    expect(sent.body).toContain('name="file"; filename="logo.eps"');
    expect(sent.headers["idempotency-key"]).toBeDefined();
  });

  it("puts a file's details, and deletes by id with the company", async () => {
    server.on("PUT", "/api/company-media/", { json: { success: true, file } });
    server.on(
      "DELETE",
      "/api/company-media/f%2F1?companyId=c1",
      { json: { success: true, deleted: ["f/1"] } },
      { status: 404, json: { error: "Failed to delete file", message: "File not found" } },
    );
    const update = { companyId: "c1", filename: "logo.png", logoType: "secondary" as const };
    await expect(client().updateCompanyFile(update)).resolves.toEqual({ success: true, file });
    expect(JSON.parse(lastSent().body)).toEqual(update);
    await expect(client().deleteCompanyFile("f/1", "c1")).resolves.toEqual({
      success: true,
      deleted: ["f/1"],
    });
    await expect(client().deleteCompanyFile("f/1", "c1")).resolves.toMatchObject({
      success: false,
      status: 404,
      error: "Failed to delete file",
      message: "File not found",
    });
  });

  it("converts to a PNG blob without an idempotency key, and throws the server's text", async () => {
    server.on(
      "POST",
      "/api/eps-convert",
      { text: "PNG!", headers: { "content-type": "image/png" } },
      {
        status: 422,
        json: {
          error: "The file could not be converted",
          message: "The conversion took too long and was stopped",
        },
      },
    );
    const png = await client().convertToPng({ name: "logo.eps", data: new Blob(["%!PS"]) });
    expect(png.type).toBe("image/png");
    expect(await png.text()).toBe("PNG!");
    expect(lastSent().headers["idempotency-key"]).toBeUndefined();
    const error = await client()
      .convertToPng({ name: "logo.eps", data: new Blob(["%!PS"]) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("The file could not be converted");
  });

  it("throws, rather than answering a value, when the server fails", async () => {
    server.on("DELETE", "/api/company-media/f1?companyId=c1", { status: 500, json: {} });
    await expect(client().deleteCompanyFile("f1", "c1")).rejects.toBeInstanceOf(HttpError);
  });
});
