/**
 * Outlines of the things the shop sells, drawn on an 800 × 1000 canvas (the 4:5 portrait of
 * product images). Each is SVG markup using `currentColor`-free fills: `{fill}` and `{shade}` are
 * replaced by the variant colour and a darker edge.
 */
export const SHAPES = {
  sweater: `<path d="M300 230 L360 205 Q400 250 440 205 L500 230 L650 400 L585 455 L535 395 L535 770 L265 770 L265 395 L215 455 L150 400 Z" fill="{fill}" stroke="{shade}" stroke-width="10" stroke-linejoin="round"/>
<path d="M265 735 H535 M235 430 L200 462 M565 430 L600 462" stroke="{shade}" stroke-width="8" fill="none"/>`,
  hoodie: `<path d="M300 250 L340 230 Q330 150 400 135 Q470 150 460 230 L500 250 L650 420 L585 470 L535 410 L535 780 L265 780 L265 410 L215 470 L150 420 Z" fill="{fill}" stroke="{shade}" stroke-width="10" stroke-linejoin="round"/>
<path d="M350 235 Q400 290 450 235 M330 600 H470 V680 H330 Z" stroke="{shade}" stroke-width="8" fill="none"/>`,
  beanie: `<path d="M220 640 Q220 330 400 320 Q580 330 580 640 Z" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="200" y="620" width="400" height="110" rx="24" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M250 640 V710 M300 640 V710 M350 640 V710 M400 640 V710 M450 640 V710 M500 640 V710 M550 640 V710" stroke="{shade}" stroke-width="6"/>
<circle cx="400" cy="290" r="62" fill="{fill}" stroke="{shade}" stroke-width="10"/>`,
  mitten: `<path d="M300 760 V420 Q300 260 420 260 Q520 260 520 400 V470 L575 420 Q630 400 640 460 L540 620 V760 Z" fill="{fill}" stroke="{shade}" stroke-width="10" stroke-linejoin="round"/>
<rect x="285" y="740" width="270" height="90" rx="18" fill="{fill}" stroke="{shade}" stroke-width="10"/>`,
  sock: `<path d="M330 180 H500 V560 Q500 640 560 690 Q620 740 590 800 Q560 850 480 820 L300 700 Q250 660 300 600 Q330 560 330 520 Z" fill="{fill}" stroke="{shade}" stroke-width="10" stroke-linejoin="round"/>
<path d="M330 250 H500 M330 290 H500" stroke="{shade}" stroke-width="8"/>`,
  backpack: `<rect x="240" y="280" width="320" height="480" rx="70" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M330 280 Q330 200 400 200 Q470 200 470 280" fill="none" stroke="{shade}" stroke-width="14"/>
<path d="M240 420 Q400 480 560 420" fill="none" stroke="{shade}" stroke-width="10"/>
<rect x="300" y="560" width="200" height="130" rx="24" fill="none" stroke="{shade}" stroke-width="8"/>`,
  tote: `<path d="M230 380 H570 L540 800 H260 Z" fill="{fill}" stroke="{shade}" stroke-width="10" stroke-linejoin="round"/>
<path d="M310 380 Q310 230 400 230 Q490 230 490 380" fill="none" stroke="{shade}" stroke-width="14"/>`,
  shoulderBag: `<path d="M250 260 Q400 120 550 260" fill="none" stroke="{shade}" stroke-width="14"/>
<rect x="220" y="430" width="360" height="300" rx="40" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M220 470 Q400 600 580 470" fill="none" stroke="{shade}" stroke-width="8"/>
<path d="M250 260 L235 440 M550 260 L565 440" stroke="{shade}" stroke-width="14"/>`,
  weekendBag: `<rect x="130" y="430" width="540" height="300" rx="90" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M300 430 Q300 320 400 320 Q500 320 500 430" fill="none" stroke="{shade}" stroke-width="14"/>
<path d="M170 520 H630" stroke="{shade}" stroke-width="8"/>`,
  throw: `<rect x="200" y="240" width="400" height="520" rx="12" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M200 360 H600 M200 420 H600 M200 580 H600 M200 640 H600" stroke="{shade}" stroke-width="10" opacity="0.6"/>
<path d="M220 760 V800 M260 760 V800 M300 760 V800 M340 760 V800 M380 760 V800 M420 760 V800 M460 760 V800 M500 760 V800 M540 760 V800 M580 760 V800" stroke="{shade}" stroke-width="6"/>`,
  cushion: `<path d="M220 300 Q400 260 580 300 Q620 500 580 700 Q400 740 220 700 Q180 500 220 300 Z" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M300 380 Q400 500 500 620 M500 380 Q400 500 300 620" stroke="{shade}" stroke-width="6" opacity="0.5" fill="none"/>`,
  towel: `<rect x="220" y="300" width="360" height="140" rx="16" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="200" y="440" width="400" height="140" rx="16" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="180" y="580" width="440" height="140" rx="16" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M220 410 H580 M200 550 H600 M180 690 H620" stroke="{shade}" stroke-width="6"/>`,
  mug: `<path d="M230 340 H530 V700 Q530 770 460 770 H300 Q230 770 230 700 Z" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<path d="M530 420 Q640 420 640 530 Q640 640 530 640" fill="none" stroke="{shade}" stroke-width="26"/>
<ellipse cx="380" cy="340" rx="150" ry="26" fill="{shade}" opacity="0.35"/>`,
  lantern: `<path d="M330 230 Q330 170 400 170 Q470 170 470 230" fill="none" stroke="{shade}" stroke-width="12"/>
<path d="M270 270 H530 L500 230 H300 Z" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="280" y="270" width="240" height="440" rx="10" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="315" y="320" width="170" height="340" rx="8" fill="#fff7e0" stroke="{shade}" stroke-width="6"/>
<path d="M400 470 Q430 520 400 560 Q370 520 400 470 Z" fill="#f4a623"/>
<rect x="260" y="710" width="280" height="50" rx="8" fill="{fill}" stroke="{shade}" stroke-width="10"/>`,
  board: `<rect x="230" y="330" width="340" height="470" rx="50" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="360" y="200" width="80" height="150" rx="30" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<circle cx="400" cy="250" r="18" fill="#ffffff" stroke="{shade}" stroke-width="6"/>
<path d="M280 420 Q400 440 520 420 M280 560 Q400 580 520 560 M280 700 Q400 720 520 700" stroke="{shade}" stroke-width="4" opacity="0.5" fill="none"/>`,
  giftBox: `<rect x="210" y="420" width="380" height="360" rx="12" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="180" y="340" width="440" height="100" rx="12" fill="{fill}" stroke="{shade}" stroke-width="10"/>
<rect x="370" y="340" width="60" height="440" fill="#c0392b"/>
<path d="M400 340 Q300 220 260 300 Q250 350 400 340 Q500 350 540 300 Q500 220 400 340 Z" fill="#c0392b" stroke="#8e2b20" stroke-width="6"/>`,
} as const;

export type ShapeName = keyof typeof SHAPES;

export function isShapeName(name: string): name is ShapeName {
  return Object.hasOwn(SHAPES, name);
}
