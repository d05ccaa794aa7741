/**
 * Drawings of the things the shop sells, one per kind of product. Each is SVG markup in its own
 * coordinates with the box it occupies; `svg-image.ts` scales the box into the square picture, so a
 * drawing never touches the picture's edge and no two pictures are framed differently.
 *
 * Colours are placeholders that `svg-image.ts` replaces per variant:
 * - `{fill}`: the item's colour; `{edge}`: its outline, dark enough to hold a pale item apart from
 *   the backdrop; `{detail}`: seams, ribbing and pockets, readable on the fill (lighter on a dark
 *   item); `{inside}`: what shows through an opening (inside of a neck, a hood, a bag);
 *   `{shadow}`: a soft shadow on the backdrop; `{ribbon}`/`{ribbonEdge}`: a ribbon or band that
 *   stands out from the fill.
 */

export interface ShapeDrawing {
  /** `[x0, y0, x1, y1]`: the part of the drawing's coordinates that holds the whole item. */
  box: readonly [number, number, number, number];
  markup: string;
}

/** Ribbing: a band's midline drawn wide and dashed, so the dashes fall across the band. */
function rib(midline: string, width: number): string {
  return `<path d="${midline}" stroke="{detail}" stroke-width="${width}" stroke-dasharray="3 9" fill="none"/>`;
}

const OUTLINE = `fill="{fill}" stroke="{edge}" stroke-width="8" stroke-linejoin="round"`;
const DETAIL = `fill="none" stroke="{detail}" stroke-width="5" stroke-linecap="round"`;
const STITCH = `fill="none" stroke="{detail}" stroke-width="4" stroke-dasharray="10 8"`;

/** A long-sleeved top from the shoulders down; the neckline is the caller's (`neck`). */
function longSleevedBody(neck: string): string {
  return `<path d="M340 160 ${neck} L560 185 L672 590 L600 612 L548 335 L548 680 L252 680 L252 335 L200 612 L128 590 L240 185 Z" ${OUTLINE}/>`;
}

/** Ribbed cuffs and hem of a long-sleeved knit. */
const KNIT_CUFFS_AND_HEM = `<path d="M140 548 L208 568 L200 612 L128 590 Z M660 548 L592 568 L600 612 L672 590 Z M252 636 H548 V680 H252 Z" ${OUTLINE}/>
${rib("M134 569 L204 590", 40)}
${rib("M666 569 L596 590", 40)}
${rib("M256 658 H544", 38)}`;

/** The back of a crew neck, seen through the neck opening. */
const BACK_NECK = `<path d="M340 160 Q400 138 460 160 Q400 205 340 160 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>`;

const sweater: ShapeDrawing = {
  box: [124, 136, 676, 684],
  markup: `${BACK_NECK}
${longSleevedBody("Q400 205 460 160")}
<path d="M340 160 Q400 205 460 160 L474 164 Q400 228 326 164 Z" ${OUTLINE}/>
${rib("M333 162 Q400 217 467 162", 14)}
${KNIT_CUFFS_AND_HEM}`,
};

const rollneck: ShapeDrawing = {
  box: [124, 84, 676, 684],
  markup: `${longSleevedBody("Q400 178 460 160")}
<rect x="342" y="88" width="116" height="92" rx="16" ${OUTLINE}/>
<path d="M346 128 Q400 140 454 128" ${DETAIL}/>
${rib("M350 108 H450", 32)}
${rib("M350 156 H450", 40)}
${KNIT_CUFFS_AND_HEM}`,
};

const cardigan: ShapeDrawing = {
  box: [124, 136, 676, 684],
  markup: `<path d="M340 160 Q400 138 460 160 L400 440 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>
${longSleevedBody("L400 440 L460 160")}
<path d="M322 166 L386 452 V636 M478 166 L414 452 V636" ${DETAIL}/>
<path d="M400 440 V680" fill="none" stroke="{edge}" stroke-width="6"/>
${KNIT_CUFFS_AND_HEM}
<g fill="#8b5a2b" stroke="#4a2e14" stroke-width="4">
<circle cx="407" cy="478" r="11"/><circle cx="407" cy="532" r="11"/><circle cx="407" cy="586" r="11"/>
</g>`,
};

const hoodie: ShapeDrawing = {
  box: [124, 58, 676, 684],
  markup: `<path d="M318 220 Q296 72 400 62 Q504 72 482 220 Z" ${OUTLINE}/>
<path d="M352 206 Q344 112 400 104 Q456 112 448 206 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>
${longSleevedBody("Q400 232 460 160")}
<path d="M382 214 L376 320 M418 214 L424 320" fill="none" stroke="{detail}" stroke-width="6" stroke-linecap="round"/>
<path d="M370 318 h12 v24 h-12 Z M418 318 h12 v24 h-12 Z" fill="{detail}"/>
<path d="M312 468 H488 L520 600 H280 Z" ${DETAIL}/>
<path d="M312 468 Q300 540 280 600 M488 468 Q500 540 520 600" ${STITCH}/>
${KNIT_CUFFS_AND_HEM}`,
};

/** A short-sleeved top; the neckline is the caller's. */
function shortSleevedBody(neck: string): string {
  return `<path d="M345 160 ${neck} L560 185 L655 300 L590 352 L545 308 L545 680 L255 680 L255 308 L210 352 L145 300 L240 185 Z" ${OUTLINE}/>`;
}

const SHORT_SLEEVE_HEMS = `<path d="M159 283 L224 335 M641 283 L576 335" ${STITCH}/>
<path d="M255 656 H545" ${STITCH}/>`;

const tshirt: ShapeDrawing = {
  box: [141, 136, 659, 684],
  markup: `<path d="M345 160 Q400 140 455 160 Q400 200 345 160 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>
${shortSleevedBody("Q400 200 455 160")}
<path d="M345 160 Q400 200 455 160 L467 164 Q400 218 333 164 Z" ${OUTLINE}/>
${SHORT_SLEEVE_HEMS}`,
};

const poloShirt: ShapeDrawing = {
  box: [141, 136, 659, 684],
  markup: `<path d="M350 160 Q400 140 450 160 L450 172 Q400 154 350 172 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>
${shortSleevedBody("Q400 185 455 160")}
<rect x="384" y="186" width="32" height="132" rx="4" ${OUTLINE}/>
<g fill="#f5f1e8" stroke="{edge}" stroke-width="3"><circle cx="400" cy="218" r="7"/><circle cx="400" cy="256" r="7"/><circle cx="400" cy="294" r="7"/></g>
<path d="M346 156 L400 190 L366 246 L316 176 Z M454 156 L400 190 L434 246 L484 176 Z" ${OUTLINE}/>
<path d="M150 296 L206 342 L218 328 L162 282 Z M650 296 L594 342 L582 328 L638 282 Z" ${OUTLINE}/>
${rib("M156 289 L212 335", 18)}
${rib("M644 289 L588 335", 18)}
<path d="M255 656 H545" ${STITCH}/>`,
};

const beanie: ShapeDrawing = {
  box: [192, 220, 608, 760],
  markup: `<ellipse cx="400" cy="742" rx="230" ry="18" fill="{shadow}"/>
<path d="M220 640 Q220 330 400 320 Q580 330 580 640 Z" ${OUTLINE}/>
<path d="M280 600 Q290 420 360 345 M520 600 Q510 420 440 345 M400 330 V610" ${DETAIL}/>
<rect x="200" y="620" width="400" height="110" rx="24" ${OUTLINE}/>
${rib("M212 675 H588", 90)}
<circle cx="400" cy="290" r="62" ${OUTLINE}/>
<path d="M360 270 Q400 250 440 270 M355 300 Q400 330 445 300" ${DETAIL}/>`,
};

const mitten: ShapeDrawing = {
  box: [280, 255, 645, 835],
  markup: `<path d="M300 760 V420 Q300 260 420 260 Q520 260 520 400 V470 L575 420 Q630 400 640 460 L540 620 V760 Z" ${OUTLINE}/>
<path d="M330 440 L360 410 L390 440 L420 410 L450 440 L480 410 L510 440" ${DETAIL}/>
<path d="M340 520 h20 M400 520 h20 M460 520 h20 M370 560 h20 M430 560 h20" ${DETAIL}/>
<rect x="285" y="740" width="270" height="90" rx="18" ${OUTLINE}/>
${rib("M295 785 H545", 76)}`,
};

const glove: ShapeDrawing = {
  box: [150, 176, 548, 736],
  markup: `<rect x="272" y="380" width="66" height="230" rx="33" transform="rotate(-36 305 610)" ${OUTLINE}/>
<rect x="290" y="212" width="60" height="270" rx="30" ${OUTLINE}/>
<rect x="352" y="180" width="60" height="300" rx="30" ${OUTLINE}/>
<rect x="414" y="200" width="60" height="280" rx="30" ${OUTLINE}/>
<rect x="476" y="262" width="60" height="220" rx="30" ${OUTLINE}/>
<path d="M290 420 H536 V600 Q536 650 486 650 H330 Q290 650 290 610 Z" ${OUTLINE}/>
<path d="M351 420 V456 M413 420 V456 M475 420 V456" ${DETAIL}/>
<path d="M300 240 h48 M362 208 h48 M424 228 h48 M486 290 h48" fill="none" stroke="{detail}" stroke-width="10"/>
<rect x="300" y="630" width="226" height="100" rx="14" ${OUTLINE}/>
${rib("M310 680 H516", 86)}`,
};

const SOCK_PATH =
  "M330 180 H500 V560 Q500 640 560 690 Q620 740 590 800 Q560 850 480 820 L300 700 Q250 660 300 600 Q330 560 330 520 Z";

const woolSock: ShapeDrawing = {
  box: [262, 176, 612, 836],
  markup: `<path d="${SOCK_PATH}" ${OUTLINE}/>
<rect x="326" y="176" width="178" height="84" rx="10" ${OUTLINE}/>
${rib("M330 218 H500", 76)}
<path d="M336 330 L364 300 L392 330 L420 300 L448 330 L476 300 L496 322" ${DETAIL}/>
<path d="M336 380 L364 410 L392 380 L420 410 L448 380 L476 410 L496 388" ${DETAIL}/>
<path d="M364 355 h12 M420 355 h12 M476 355 h12" fill="none" stroke="{detail}" stroke-width="10" stroke-linecap="round"/>
<path d="M500 560 Q500 640 560 690" ${STITCH}/>`,
};

const hikingSock: ShapeDrawing = {
  box: [262, 106, 612, 836],
  markup: `<path d="M330 110 H500 V560 Q500 640 560 690 Q620 740 590 800 Q560 850 480 820 L300 700 Q250 660 300 600 Q330 560 330 520 Z" ${OUTLINE}/>
${rib("M334 160 H496", 96)}
<path d="M330 250 H500 M330 290 H500" fill="none" stroke="{ribbon}" stroke-width="16"/>
<path d="M500 570 Q505 650 565 695 L520 740 Q470 690 468 610 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>
<path d="M540 810 Q520 780 560 740 Q610 750 596 792 Q584 826 540 810 Z" fill="{inside}" stroke="{edge}" stroke-width="6"/>`,
};

/** Three socks side by side with a paper band around them. */
const sockPack: ShapeDrawing = {
  box: [150, 150, 700, 790],
  markup: `<g transform="translate(-110 10) rotate(-10 415 500) scale(0.86)"><path d="${SOCK_PATH}" ${OUTLINE}/><path d="M330 240 H500" ${DETAIL}/></g>
<g transform="translate(110 10) rotate(10 415 500) scale(0.86)"><path d="${SOCK_PATH}" ${OUTLINE}/><path d="M330 240 H500" ${DETAIL}/></g>
<g transform="translate(40 -10) scale(0.86)"><path d="${SOCK_PATH}" ${OUTLINE}/><path d="M330 240 H500" ${DETAIL}/></g>
<rect x="170" y="380" width="500" height="90" rx="8" fill="#f4efe4" stroke="#6b6259" stroke-width="6"/>
<path d="M190 425 H650" fill="none" stroke="{ribbon}" stroke-width="10"/>`,
};

const backpack: ShapeDrawing = {
  box: [230, 190, 570, 790],
  markup: `<ellipse cx="400" cy="772" rx="200" ry="16" fill="{shadow}"/>
<path d="M330 280 Q330 200 400 200 Q470 200 470 280" fill="none" stroke="{edge}" stroke-width="16"/>
<rect x="240" y="280" width="320" height="480" rx="70" ${OUTLINE}/>
<path d="M240 420 Q400 480 560 420" ${DETAIL}/>
<rect x="300" y="560" width="200" height="130" rx="24" ${OUTLINE}/>
<path d="M320 590 H480" ${STITCH}/>`,
};

const tote: ShapeDrawing = {
  box: [220, 220, 580, 810],
  markup: `<ellipse cx="400" cy="800" rx="180" ry="14" fill="{shadow}"/>
<path d="M310 380 Q310 230 400 230 Q490 230 490 380" fill="none" stroke="{edge}" stroke-width="16"/>
<path d="M230 380 H570 L540 800 H260 Z" ${OUTLINE}/>
<path d="M236 404 H564" ${STITCH}/>`,
};

const shoulderBag: ShapeDrawing = {
  box: [210, 180, 590, 750],
  markup: `<ellipse cx="400" cy="740" rx="200" ry="14" fill="{shadow}"/>
<path d="M240 440 L250 260 Q400 150 550 260 L560 440" fill="none" stroke="{edge}" stroke-width="16" stroke-linejoin="round"/>
<rect x="220" y="430" width="360" height="300" rx="40" ${OUTLINE}/>
<path d="M220 470 Q400 600 580 470" fill="{fill}" stroke="{edge}" stroke-width="8"/>
<circle cx="400" cy="560" r="14" fill="{detail}"/>`,
};

const weekendBag: ShapeDrawing = {
  box: [120, 310, 680, 750],
  markup: `<ellipse cx="400" cy="740" rx="280" ry="16" fill="{shadow}"/>
<path d="M300 430 Q300 320 400 320 Q500 320 500 430" fill="none" stroke="{edge}" stroke-width="16"/>
<rect x="130" y="430" width="540" height="300" rx="90" ${OUTLINE}/>
<path d="M170 520 H630" fill="none" stroke="{edge}" stroke-width="8"/>
<path d="M172 540 H628" ${STITCH}/>
<rect x="170" y="430" width="40" height="300" fill="{inside}" opacity="0.6"/>
<rect x="590" y="430" width="40" height="300" fill="{inside}" opacity="0.6"/>`,
};

const throwBlanket: ShapeDrawing = {
  box: [190, 230, 610, 810],
  markup: `<rect x="200" y="240" width="400" height="520" rx="12" ${OUTLINE}/>
<path d="M200 360 H600 M200 400 H600 M200 600 H600 M200 640 H600" fill="none" stroke="{detail}" stroke-width="12"/>
<path d="M220 760 V800 M260 760 V800 M300 760 V800 M340 760 V800 M380 760 V800 M420 760 V800 M460 760 V800 M500 760 V800 M540 760 V800 M580 760 V800" fill="none" stroke="{edge}" stroke-width="6"/>`,
};

const cushion: ShapeDrawing = {
  box: [190, 255, 610, 745],
  markup: `<path d="M220 300 Q400 260 580 300 Q620 500 580 700 Q400 740 220 700 Q180 500 220 300 Z" ${OUTLINE}/>
<path d="M250 330 Q400 300 550 330 Q582 500 550 670 Q400 700 250 670 Q218 500 250 330 Z" ${STITCH}/>
<path d="M300 380 Q400 500 500 620 M500 380 Q400 500 300 620" ${DETAIL} opacity="0.7"/>`,
};

const towel: ShapeDrawing = {
  box: [170, 290, 630, 740],
  markup: `<ellipse cx="400" cy="728" rx="230" ry="12" fill="{shadow}"/>
<rect x="180" y="580" width="440" height="140" rx="16" ${OUTLINE}/>
<rect x="200" y="440" width="400" height="140" rx="16" ${OUTLINE}/>
<rect x="220" y="300" width="360" height="140" rx="16" ${OUTLINE}/>
<path d="M220 410 H580 M200 550 H600 M180 690 H620" fill="none" stroke="{detail}" stroke-width="10"/>`,
};

const mug: ShapeDrawing = {
  box: [220, 310, 660, 790],
  markup: `<ellipse cx="400" cy="776" rx="200" ry="14" fill="{shadow}"/>
<path d="M530 420 Q640 420 640 530 Q640 640 530 640" fill="none" stroke="{edge}" stroke-width="34"/>
<path d="M530 420 Q640 420 640 530 Q640 640 530 640" fill="none" stroke="{fill}" stroke-width="18"/>
<path d="M230 340 H530 V700 Q530 770 460 770 H300 Q230 770 230 700 Z" ${OUTLINE}/>
<ellipse cx="380" cy="340" rx="150" ry="26" fill="{inside}" stroke="{edge}" stroke-width="8"/>
<path d="M232 740 Q240 768 300 768 H460 Q522 768 528 740" fill="none" stroke="#2b2b2b" stroke-width="10"/>`,
};

const lantern: ShapeDrawing = {
  box: [250, 160, 550, 790],
  markup: `<ellipse cx="400" cy="772" rx="170" ry="14" fill="{shadow}"/>
<path d="M330 230 Q330 170 400 170 Q470 170 470 230" fill="none" stroke="{edge}" stroke-width="12"/>
<path d="M270 270 H530 L500 230 H300 Z" ${OUTLINE}/>
<rect x="280" y="270" width="240" height="440" rx="10" ${OUTLINE}/>
<rect x="315" y="320" width="170" height="340" rx="8" fill="#fff7e0" stroke="{edge}" stroke-width="6"/>
<rect x="370" y="530" width="60" height="110" rx="6" fill="#fbfaf6" stroke="#8a8172" stroke-width="4"/>
<path d="M400 450 Q432 500 400 530 Q368 500 400 450 Z" fill="#f4a623" stroke="#b86e00" stroke-width="3"/>
<rect x="260" y="710" width="280" height="50" rx="8" ${OUTLINE}/>`,
};

const board: ShapeDrawing = {
  box: [220, 190, 580, 810],
  markup: `<rect x="230" y="330" width="340" height="470" rx="50" ${OUTLINE}/>
<rect x="360" y="200" width="80" height="150" rx="30" ${OUTLINE}/>
<rect x="244" y="330" width="312" height="20" fill="{fill}"/>
<circle cx="400" cy="250" r="18" fill="{shadow}" stroke="{edge}" stroke-width="6"/>
<path d="M280 420 Q400 440 520 420 M280 560 Q400 580 520 560 M280 700 Q400 720 520 700" ${DETAIL} opacity="0.8"/>`,
};

const GIFT_BOX = `<rect x="210" y="420" width="380" height="360" rx="12" ${OUTLINE}/>
<rect x="180" y="340" width="440" height="100" rx="12" ${OUTLINE}/>
<rect x="370" y="340" width="60" height="440" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="4"/>
<path d="M400 340 Q300 220 260 300 Q250 350 400 340 Q500 350 540 300 Q500 220 400 340 Z" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="6"/>`;

const giftBox: ShapeDrawing = {
  box: [170, 230, 630, 800],
  markup: `<ellipse cx="400" cy="788" rx="220" ry="14" fill="{shadow}"/>
${GIFT_BOX}`,
};

/** An open gift box with a mug and a pair of socks in it (the gift set). */
const giftSet: ShapeDrawing = {
  box: [150, 170, 650, 790],
  markup: `<ellipse cx="400" cy="778" rx="240" ry="14" fill="{shadow}"/>
<rect x="160" y="300" width="440" height="100" rx="12" transform="rotate(-14 160 400)" ${OUTLINE}/>
<path d="M262 300 H402 V470 H262 Z" fill="#f1ece1" stroke="#5e5a52" stroke-width="8"/>
<ellipse cx="332" cy="300" rx="70" ry="14" fill="#d9d2c3" stroke="#5e5a52" stroke-width="6"/>
<path d="M402 330 Q452 330 452 372 Q452 414 402 414" fill="none" stroke="#5e5a52" stroke-width="12"/>
<path d="M440 250 H520 V440 H440 Z" fill="#9e9e9e" stroke="#474747" stroke-width="8"/>
<path d="M440 280 H520" fill="none" stroke="#474747" stroke-width="5"/>
<rect x="200" y="420" width="400" height="350" rx="12" ${OUTLINE}/>
<rect x="200" y="420" width="400" height="36" fill="{inside}" stroke="{edge}" stroke-width="6"/>
<rect x="370" y="456" width="60" height="314" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="4"/>`,
};

const giftCard: ShapeDrawing = {
  box: [140, 230, 660, 590],
  markup: `<ellipse cx="400" cy="584" rx="250" ry="12" fill="{shadow}"/>
<rect x="150" y="240" width="500" height="320" rx="28" ${OUTLINE}/>
<rect x="150" y="350" width="500" height="44" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="4"/>
<rect x="230" y="240" width="44" height="320" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="4"/>
<path d="M252 372 Q200 300 180 340 Q175 380 252 372 Q330 380 326 340 Q305 300 252 372 Z" fill="{ribbon}" stroke="{ribbonEdge}" stroke-width="5"/>
<rect x="420" y="460" width="180" height="22" rx="11" fill="{detail}"/>
<rect x="480" y="500" width="120" height="16" rx="8" fill="{detail}"/>`,
};

export const SHAPES = {
  tshirt,
  poloShirt,
  sweater,
  rollneck,
  cardigan,
  hoodie,
  beanie,
  mitten,
  glove,
  woolSock,
  hikingSock,
  sockPack,
  backpack,
  tote,
  shoulderBag,
  weekendBag,
  throw: throwBlanket,
  cushion,
  towel,
  mug,
  lantern,
  board,
  giftBox,
  giftSet,
  giftCard,
} as const satisfies Record<string, ShapeDrawing>;

export type ShapeName = keyof typeof SHAPES;

export function isShapeName(name: string): name is ShapeName {
  return Object.hasOwn(SHAPES, name);
}
