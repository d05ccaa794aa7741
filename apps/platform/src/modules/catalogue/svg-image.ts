import { escapeHtml } from "../../escape-html.js";
import { isShapeName, SHAPES } from "./image-shapes.js";

export interface ImageSpec {
  shape: string;
  /** CSS hex colour of the item, e.g. `#1d3557`. */
  colorHex: string;
  /** Up to two lines of text under the picture. */
  title: string;
  subtitle?: string;
}

function parseHex(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const value = Number.parseInt(match?.[1] ?? "9e9e9e", 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((part) => Math.round(part).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes a colour toward black (amount < 0) or white (amount > 0). */
function mix(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return toHex(
    parseHex(hex).map((part) => part + (target - part) * weight) as [number, number, number],
  );
}

/**
 * A product or category picture: the item's outline in its colour on a pale tint of it, with the
 * name below. Generated on request, so the shop has pictures without any network or uploads.
 */
export function renderImage(spec: ImageSpec): string {
  const colour = /^#[0-9a-f]{6}$/i.test(spec.colorHex) ? spec.colorHex : "#9e9e9e";
  const shape = isShapeName(spec.shape) ? SHAPES[spec.shape] : SHAPES.giftBox;
  const art = shape.replaceAll("{fill}", colour).replaceAll("{shade}", mix(colour, -0.45));
  const title = escapeHtml(spec.title);
  const subtitle = spec.subtitle ? escapeHtml(spec.subtitle) : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1000" width="800" height="1000" role="img" aria-label="${title}${subtitle ? `, ${subtitle}` : ""}">
<title>${title}${subtitle ? ` – ${subtitle}` : ""}</title>
<rect width="800" height="1000" fill="${mix(colour, 0.86)}"/>
<ellipse cx="400" cy="830" rx="250" ry="26" fill="${mix(colour, 0.6)}"/>
${art}
<text x="400" y="905" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="42" font-weight="600" fill="#222">${title}</text>
${subtitle ? `<text x="400" y="955" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="32" fill="#555">${subtitle}</text>` : ""}
</svg>
`;
}
