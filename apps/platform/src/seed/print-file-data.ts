import type { CompanyFileLogoType } from "@kassa/api-client";
import type { StoredFileFields } from "../db/schema.js";
import type { PrintFileType } from "../modules/media/file-type.js";
import {
  type Drawing,
  drawEps,
  drawPdf,
  drawPng,
  drawSvg,
  PREVIEW_DPI,
  type Rgb,
} from "./drawing.js";
import { SEED_PRINT_FILES } from "./fixtures.js";

/**
 * The bytes and rows of Nordtrade AB's demo print files ({@link SEED_PRINT_FILES}), drawn here
 * (`drawing.ts`), deterministic to the byte.
 */

const NAVY: Rgb = [0x1d, 0x35, 0x57];
const GOLD: Rgb = [0xe9, 0xc4, 0x6a];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const RED: Rgb = [0xc1, 0x12, 0x1f];
const GREY: Rgb = [0x8d, 0x99, 0xae];

/** The logo: a navy plate with a gold sun and three white bars (a stylised N). */
export const LOGO_DRAWING: Drawing = {
  width: 240,
  height: 80,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 240, height: 80, color: NAVY },
    { kind: "circle", cx: 40, cy: 40, r: 24, color: GOLD },
    { kind: "rect", x: 90, y: 20, width: 12, height: 40, color: WHITE },
    { kind: "rect", x: 102, y: 20, width: 36, height: 12, color: WHITE },
    { kind: "rect", x: 138, y: 20, width: 12, height: 40, color: WHITE },
  ],
};

/** The emblem for embroidery and print: a red disc with a navy square on white. */
export const EMBLEM_DRAWING: Drawing = {
  width: 72,
  height: 72,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 72, height: 72, color: WHITE },
    { kind: "circle", cx: 36, cy: 36, r: 30, color: RED },
    { kind: "rect", x: 24, y: 24, width: 24, height: 24, color: NAVY },
  ],
};

/** The logo Nordtrade had until 2019: grey. */
const OLD_LOGO_DRAWING: Drawing = {
  width: 120,
  height: 40,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 120, height: 40, color: GREY },
    { kind: "rect", x: 10, y: 10, width: 100, height: 20, color: WHITE },
  ],
};

/** The printer's proof: the logo on an A6 page. */
const PROOF_DRAWING: Drawing = {
  width: 298,
  height: 420,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 298, height: 420, color: WHITE },
    ...LOGO_DRAWING.shapes.map((shape) =>
      shape.kind === "rect"
        ? { ...shape, x: shape.x + 29, y: shape.y + 170 }
        : { ...shape, cx: shape.cx + 29, cy: shape.cy + 170 },
    ),
  ],
};

export interface SeedPrintFile {
  id: string;
  filename: string;
  kind: PrintFileType;
  mimeType: string;
  logoType: CompanyFileLogoType;
  description: string;
  customFields: StoredFileFields;
  bytes: Uint8Array;
  /** Seed files keep a key of their own, so a lost file's bytes can be written again. */
  storageKey: string;
  createdAt: Date;
}

const text = (value: string) => new Uint8Array(Buffer.from(value, "latin1"));

/** The demo files in the order they were "uploaded", a vector file's preview right after it. */
export function demoPrintFiles(): SeedPrintFile[] {
  const files = SEED_PRINT_FILES;
  const entries: Omit<SeedPrintFile, "storageKey" | "createdAt">[] = [
    {
      ...files.logo,
      kind: "png",
      description: "Logotyp i färg, för skärm och tryck",
      customFields: {},
      bytes: drawPng(LOGO_DRAWING, PREVIEW_DPI),
    },
    {
      ...files.vectorLogo,
      kind: "svg",
      description: "Logotypen som vektor (SVG)",
      customFields: {},
      bytes: new TextEncoder().encode(drawSvg(LOGO_DRAWING, "Nordtrade AB")),
    },
    {
      ...files.emblem,
      kind: "eps",
      description: "Emblem för brodyr och tryck",
      customFields: {},
      bytes: text(drawEps(EMBLEM_DRAWING, "Nordtrade emblem")),
    },
    {
      ...files.emblemPreview,
      kind: "png",
      description: "Emblem för brodyr och tryck",
      customFields: { preview_for: files.emblem.id, hide: true },
      bytes: drawPng(EMBLEM_DRAWING, PREVIEW_DPI),
    },
    {
      ...files.proof,
      kind: "pdf",
      description: "Korrektur från tryckeriet, version 3",
      customFields: {},
      bytes: text(drawPdf(PROOF_DRAWING)),
    },
    {
      ...files.oldLogo,
      kind: "png",
      description: "Logotypen fram till 2019",
      customFields: { hide: true },
      bytes: drawPng(OLD_LOGO_DRAWING, PREVIEW_DPI),
    },
  ];
  const firstUpload = Date.parse("2026-01-12T09:00:00Z");
  return entries.map((entry, index) => ({
    ...entry,
    storageKey: `seed-${entry.id}`,
    // A minute apart, so "oldest first" is the order above.
    createdAt: new Date(firstUpload + index * 60_000),
  }));
}
