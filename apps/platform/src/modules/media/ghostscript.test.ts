import { describe, expect, it } from "vitest";
import { conversionsRunning } from "../../../test/support/conversions.js";
import { sniffFileType } from "./file-type.js";
import {
  ConversionError,
  conversionCommand,
  conversionLimitsAvailable,
  convertToPng,
  ghostscriptVersion,
  PRLIMIT,
} from "./ghostscript.js";

/** A 72 × 36 pt drawing: a filled red rectangle over the left half. */
const DRAWING = `%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 72 36
1 0 0 setrgbcolor
0 0 36 36 rectfill
showpage
%%EOF
`;

/** PNG width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function failureOf(input: string, options = {}): Promise<ConversionError> {
  const error = await convertToPng(Buffer.from(input, "latin1"), options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

describe("convertToPng (Ghostscript, C§4)", () => {
  it("draws an EPS as a PNG of its bounding box at 150 dpi", async () => {
    const png = await convertToPng(Buffer.from(DRAWING, "latin1"));
    expect(sniffFileType(png)).toBe("png");
    expect(pngSize(png)).toEqual({ width: 150, height: 75 });
  });

  it("stops a file that never ends, and leaves no process behind", async () => {
    const error = await failureOf("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n", {
      timeoutMs: 1500,
    });
    expect(error.reason).toBe("timeout");
    expect(conversionsRunning()).toBe(0);
  });

  it("refuses a file that reads another file (-dSAFER)", async () => {
    const error = await failureOf(
      "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n(/etc/passwd) (r) file 100 string readstring pop print\nshowpage\n",
    );
    expect(error.reason).toBe("unreadable");
  });

  it("refuses a PNG that is not PostScript at all", async () => {
    const png = await convertToPng(Buffer.from(DRAWING, "latin1"));
    const error = await convertToPng(png).then(
      () => undefined,
      (caught: unknown) => caught as ConversionError,
    );
    expect(error?.reason).toBe("unreadable");
  });
});

describe("the conversion's limits (issue 28)", () => {
  /** 300 × 300 pt of grey noise: at 150 dpi a PNG of about half a megabyte. */
  const NOISE = `%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 300 300
0 1 299 { /y exch def 0 1 299 { y 1 1 rand 3 mod 2 div setgray rectfill } for } for
showpage
`;

  it("runs Ghostscript under prlimit: memory, CPU, file size, no core; no temporary files", () => {
    const { file, args } = conversionCommand("in", "out.png", {
      timeoutMs: 15_000,
      resolution: 150,
      memoryBytes: 1000,
      maxOutputBytes: 2000,
      ghostscript: "gs",
      prlimit: PRLIMIT,
    });
    expect(file).toBe(PRLIMIT);
    expect(args.slice(0, args.indexOf("--"))).toEqual([
      "--as=1000",
      "--cpu=15",
      "--fsize=2000",
      "--core=0",
    ]);
    expect(args).toContain("-dSAFER");
    expect(args).toContain("-sBandListStorage=memory");
  });

  it("refuses to convert without prlimit, and says why", async () => {
    expect(conversionLimitsAvailable()).toBe(true);
    expect(conversionLimitsAvailable("/nonexistent/prlimit")).toBe(false);
    const error = await failureOf(DRAWING, { prlimit: "/nonexistent/prlimit" });
    expect(error.reason).toBe("unavailable");
    expect(error.message).toBe(
      "The converter cannot run here: /nonexistent/prlimit (util-linux), which limits it, is missing",
    );
    expect(() =>
      conversionCommand("in", "out.png", {
        timeoutMs: 1000,
        resolution: 150,
        memoryBytes: 1000,
        maxOutputBytes: 1000,
        ghostscript: "gs",
        prlimit: "/nonexistent/prlimit",
      }),
    ).toThrow(ConversionError);
  });

  it("stops Ghostscript when its output passes the limit, and leaves no process behind", async () => {
    const error = await failureOf(NOISE, { maxOutputBytes: 16 * 1024 });
    expect(error.reason).toBe("too-large");
    expect(conversionsRunning()).toBe(0);
    // Within a limit it fits, the same drawing converts.
    const png = await convertToPng(Buffer.from(NOISE, "latin1"));
    expect(png.byteLength).toBeGreaterThan(16 * 1024);
  });
});

describe("ghostscriptVersion", () => {
  it("names the installed version, and null for a program that is not there", async () => {
    expect(await ghostscriptVersion()).toMatch(/^\d+\.\d+/);
    expect(await ghostscriptVersion("/nonexistent/gs")).toBeNull();
  });
});
