import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listPublicFiles } from "./app";

const client = mkdtempSync(join(tmpdir(), "kassa-client-"));
afterAll(() => rmSync(client, { recursive: true, force: true }));

describe("listPublicFiles", () => {
  it("lists the client build's files outside /assets as URL paths", () => {
    mkdirSync(join(client, "assets"));
    mkdirSync(join(client, "images"));
    writeFileSync(join(client, "favicon.svg"), "<svg/>");
    writeFileSync(join(client, "images", "newsletter.svg"), "<svg/>");
    writeFileSync(join(client, "assets", "root-abc.js"), "");
    expect([...listPublicFiles(client)].sort()).toEqual(["/favicon.svg", "/images/newsletter.svg"]);
  });

  it("lists nothing when there is no client build", () => {
    expect(listPublicFiles(join(client, "missing")).size).toBe(0);
  });
});
