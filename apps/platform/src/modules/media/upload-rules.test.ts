import type { PrintFileKind } from "@kassa/domain";
import { describe, expect, it } from "vitest";
import type { StoredFileFields } from "../../db/schema.js";
import { MAX_STORED_FILES_PER_COMPANY } from "./company-files.js";
import { checkUploadRules, type UploadCandidate } from "./upload-rules.js";

const limits = { maxFileSizeBytes: 1000, maxFileSizeMb: 0.001 };
const candidate = (
  name: string,
  kind: PrintFileKind = "image",
  listed = true,
): UploadCandidate => ({
  name,
  size: 10,
  kind,
  listed,
});
const stored = (filename: string, customFields: StoredFileFields = {}, size = 10) => ({
  filename,
  size,
  customFields,
});
const problems = (check: ReturnType<typeof checkUploadRules<UploadCandidate>>) =>
  check.rejected.map(({ file, problem, max }) => [file.name, problem, max]);

describe("checkUploadRules (C§5 on the platform)", () => {
  it("counts ten listed files, not the proofs, hidden files and previews", () => {
    const company = [
      ...Array.from({ length: 9 }, (_, index) => stored(`${index}.png`)),
      stored("korrektur.pdf"),
      stored("old.png", { hide: true }),
      stored("a.png", { preview_for: "x", hide: true }),
    ];
    const check = checkUploadRules(
      [candidate("ten.png"), candidate("eleven.png"), candidate("korrektur-2.pdf", "pdf", false)],
      company,
      limits,
    );
    expect(check.accepted.map((file) => file.name)).toEqual(["ten.png", "korrektur-2.pdf"]);
    expect(problems(check)).toEqual([["eleven.png", "too_many", 10]]);
  });

  it("finds a duplicate of an unlisted file among the unlisted ones", () => {
    const check = checkUploadRules(
      [candidate("Korrektur.pdf", "pdf", false), candidate("korrektur.pdf", "pdf", true)],
      [stored("korrektur.pdf")],
      limits,
    );
    expect(problems(check)).toEqual([["Korrektur.pdf", "already_uploaded", undefined]]);
  });

  it("names the size limit in MB, and refuses what is no print file", () => {
    const check = checkUploadRules(
      [
        { ...candidate("big.png"), size: 1001 },
        { ...candidate("x.exe"), kind: undefined },
      ],
      [],
      limits,
    );
    expect(problems(check)).toEqual([
      ["big.png", "too_large", 0.001],
      ["x.exe", "type_not_supported", undefined],
    ]);
  });

  it("keeps every company within one page of stored files, a vector file's preview counted", () => {
    const company = Array.from({ length: MAX_STORED_FILES_PER_COMPANY - 2 }, (_, index) =>
      stored(`hidden-${index}.png`, { hide: true }),
    );
    const check = checkUploadRules(
      [candidate("a.eps", "eps"), candidate("b.png"), candidate("c.png")],
      company,
      limits,
    );
    expect(check.accepted.map((file) => file.name)).toEqual(["a.eps"]);
    expect(problems(check)).toEqual([
      ["b.png", "too_many", MAX_STORED_FILES_PER_COMPANY],
      ["c.png", "too_many", MAX_STORED_FILES_PER_COMPANY],
    ]);
  });
});
