import { describe, expect, it } from "vitest";
import { MAX_PRINT_FILE_DESCRIPTION_LENGTH } from "./print-file-rules.js";
import {
  printFileDetailsSchema,
  printFileSchema,
  printFileValidationText,
} from "./print-file-schemas.js";

describe("the print file forms", () => {
  it("reads a details update with a trimmed description, empty when blank", () => {
    expect(
      printFileSchema.parse({
        intent: "update-file",
        fileId: " f-1 ",
        logoType: "alternative",
        description: "  Svart logga  ",
      }),
    ).toEqual({
      intent: "update-file",
      fileId: "f-1",
      logoType: "alternative",
      description: "Svart logga",
    });
    expect(printFileDetailsSchema.parse({ logoType: "primary", description: " " })).toEqual({
      logoType: "primary",
      description: "",
    });
  });

  it("refuses an unknown logo type and a description that is too long", () => {
    const result = printFileDetailsSchema.safeParse({
      logoType: "main",
      description: "x".repeat(MAX_PRINT_FILE_DESCRIPTION_LENGTH + 1),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["logoType", "validation.invalid"],
      ["description", "media.validation.descriptionTooLong"],
    ]);
  });

  it("reads a removal by the file's id", () => {
    expect(printFileSchema.parse({ intent: "delete-file", fileId: "f-2" })).toEqual({
      intent: "delete-file",
      fileId: "f-2",
    });
    expect(printFileSchema.safeParse({ intent: "delete-file", fileId: " " }).success).toBe(false);
  });

  it("has an English text for each of its messages, for a server's answer", () => {
    expect(printFileValidationText("media.validation.descriptionTooLong")).toBe(
      "The description may be at most 500 characters",
    );
    expect(printFileValidationText("validation.invalid")).toBe("Invalid value");
    expect(printFileValidationText("something.else")).toBe("something.else");
  });
});
