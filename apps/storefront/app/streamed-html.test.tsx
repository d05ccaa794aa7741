import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** The bytes React streams for `element`, decoded as one whole. */
function streamed(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(body),
      onError: reject,
    });
  });
}

describe("the streamed HTML", () => {
  it("keeps å, ä and ö whole where they meet the renderer's 2 KB buffer boundary", async () => {
    // Short strings of Finnish and Swedish, shifted by 0–3 bytes, so that some ä falls on the
    // boundary whatever the markup before it. Unpatched React 18.3 writes a NUL byte before it.
    for (let shift = 0; shift < 4; shift += 1) {
      const html = await streamed(
        <ul>
          <li>{"x".repeat(shift)}</li>
          {Array.from({ length: 300 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            <li key={index} aria-label={`Näytä tilaus ${index}`}>
              Näytä · Förändra · Öppna
            </li>
          ))}
        </ul>,
      );
      expect(html).not.toContain("\u0000");
      expect(html).not.toContain("\uFFFD");
      expect(html.match(/Näytä tilaus/g)).toHaveLength(300);
    }
  });
});
