import { JSDOM, type JsdomDocument } from "jsdom";
import { describe, expect, it } from "vitest";
import { sniffFileType } from "./file-type.js";
import { hasOnlyFragmentUrls, sanitiseSvg, UnreadableSvg } from "./svg-sanitiser.js";

const encode = (text: string) => new TextEncoder().encode(text);
const clean = (svg: string) => sanitiseSvg(encode(svg));

/** The stored text parsed the way a browser parses an SVG file: as XML. */
function parsed(svg: string): JsdomDocument {
  const document = new new JSDOM("").window.DOMParser().parseFromString(svg, "image/svg+xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10" fill="#1d3557"/></svg>';

describe("sanitiseSvg (ADR 0014)", () => {
  it("keeps a plain drawing as it is, as a standalone SVG file", () => {
    const svg = clean(LOGO);
    expect(svg).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${LOGO}\n`);
    expect(sniffFileType(encode(svg))).toBe("svg");
    expect(parsed(svg).documentElement.getAttribute("viewBox")).toBe("0 0 20 10");
  });

  it("keeps gradients, clip paths, filters, <use> of its own shapes and embedded pictures", () => {
    const svg = clean(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
  <defs>
    <linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="red"/></linearGradient>
    <clipPath id="c"><rect width="5" height="5"/></clipPath>
    <filter id="f"><feGaussianBlur stdDeviation="1"/></filter>
    <path id="leaf" d="M0 0h4v4z"/>
  </defs>
  <rect width="10" height="10" fill="url(#g)" clip-path="url('#c')" filter="url(#f)"/>
  <use xlink:href="#leaf"/><use href="#leaf" x="5"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <text>Nordtrade &amp; Söner</text>
</svg>`);
    const document = parsed(svg);
    expect(document.querySelector("linearGradient")?.getAttribute("gradientUnits")).toBe(
      "userSpaceOnUse",
    );
    const drawn = document.querySelector("svg > rect");
    expect(drawn?.getAttribute("fill")).toBe("url(#g)");
    expect(drawn?.getAttribute("clip-path")).toBe("url('#c')");
    expect(drawn?.getAttribute("filter")).toBe("url(#f)");
    expect(document.querySelectorAll("use")).toHaveLength(2);
    expect(document.querySelector("image")?.getAttribute("href")).toMatch(/^data:image\/png/);
    expect(document.querySelector("text")?.textContent).toBe("Nordtrade & Söner");
  });

  it("drops scripts, event handlers, <foreignObject>, <style>, <animate> and <set>", () => {
    const svg = clean(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
  <script>alert(1)</script><script href="https://evil.example/x.js"/>
  <style>rect { fill: url(https://evil.example/track) }</style>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>
  <rect width="1" height="1" onclick="alert(1)" onmouseover="alert(1)"/>
  <animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onload" to="alert(1)"/>
</svg>`);
    expect(svg).not.toMatch(
      /script|onload|onclick|onmouseover|onerror|foreignObject|style|animate|set |alert/i,
    );
    expect(parsed(svg).querySelector("rect")).not.toBeNull();
  });

  it("drops every reference that leaves the file", () => {
    const svg =
      clean(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
  <a href="javascript:alert(1)"><rect width="1" height="1"/></a>
  <a xlink:href="https://evil.example/"><circle r="1"/></a>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image xlink:href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>
  <use href="https://evil.example/sprite.svg#logo"/>
  <use href="data:image/png;base64,AAAA"/>
  <rect width="1" height="1" fill="url(https://evil.example/x)" style="fill: url(https://evil.example/y)"/>
  <rect width="1" height="1" style="fill: \\75 rl(https://evil.example/z)" filter="url(#ok) url(https://evil.example/f)"/>
</svg>`);
    expect(svg).not.toContain("evil.example");
    expect(svg).not.toContain("javascript:");
    expect(svg).not.toContain("svg+xml");
    expect(svg).not.toContain("data:image/png");
    expect(svg).not.toContain("\\75");
    const document = parsed(svg);
    expect(document.querySelectorAll("rect")).toHaveLength(3);
    expect(document.querySelectorAll("[href]")).toHaveLength(0);
  });

  it("reads the upload as XML, as a browser does: an <iframe/> in a foreign object hides nothing", () => {
    const svg = clean(`<svg xmlns="http://www.w3.org/2000/svg">
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></foreignObject>
  <?xml-stylesheet href="https://evil.example/x.css"?>
  <rect width="1" height="1"/><text><![CDATA[a < b]]></text>
</svg>`);
    expect(svg).not.toMatch(/iframe|evil|stylesheet|CDATA/);
    const document = parsed(svg);
    expect(document.querySelectorAll("rect")).toHaveLength(1);
    expect(document.querySelector("text")?.textContent).toBe("a < b");
  });

  it("declares the SVG namespace when the upload did not", () => {
    const svg = clean('<svg viewBox="0 0 1 1"><circle r="1"/></svg>');
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">');
    expect(parsed(svg).documentElement.namespaceURI).toBe("http://www.w3.org/2000/svg");
  });

  it("expands no entity of a doctype (no billion laughs)", () => {
    const svg = clean(`<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`);
    expect(svg).not.toContain("aaaaaaaaaa");
    expect(svg).not.toContain("DOCTYPE");
  });

  it("refuses an SVG that has nothing left to draw, and text that is no SVG", () => {
    for (const input of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>hi</p></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><rect width="1" height="1"/></defs><title>x</title></svg>',
      "<html><body>no picture</body></html>",
      "",
    ]) {
      expect(() => clean(input), input).toThrow(UnreadableSvg);
    }
  });
});

describe("hasOnlyFragmentUrls", () => {
  it("takes url(#id) in any quoting, and nothing else that loads or hides a reference", () => {
    expect(["url(#a)", "url('#a')", 'url( "#a" )', "red", "none"].map(hasOnlyFragmentUrls)).toEqual(
      [true, true, true, true, true],
    );
    expect(
      [
        "url(https://x)",
        "url(x.svg#a)",
        "URL(//x)",
        "image-set('x.png' 1x)",
        "@import 'x'",
        "\\75 rl(x)",
        "url(#a) url(x)",
      ].map(hasOnlyFragmentUrls),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});
