import { describe, expect, it } from "vitest";
import { sanitiseSvgApart } from "./sanitise-svg-apart.js";
import { UnreadableSvg } from "./svg-sanitiser.js";

const encode = (text: string) => new TextEncoder().encode(text);

describe("sanitiseSvgApart (a worker thread per SVG)", () => {
  it("answers what sanitiseSvg answers", async () => {
    const svg = await sanitiseSvgApart(
      encode(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><rect width="1" height="1"/></svg>',
      ),
    );
    expect(svg).toContain('<rect width="1" height="1"/>');
    expect(svg).not.toContain("onload");
    await expect(
      sanitiseSvgApart(encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')),
    ).rejects.toThrow(UnreadableSvg);
  });

  it("gives up on an SVG that takes too long, and stops its worker", async () => {
    const rects = '<rect width="1" height="1"/>'.repeat(20_000);
    const error = await sanitiseSvgApart(
      encode(`<svg xmlns="http://www.w3.org/2000/svg">${rects}</svg>`),
      { timeoutMs: 50 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableSvg);
    expect((error as Error).message).toBe("The SVG took too long to read");
  });
});
