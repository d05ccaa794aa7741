/**
 * The hand-written part of the seed catalogue: categories, colours, product types and the product
 * list. `generate-catalogue.ts` turns it into rows (ids, SKUs, prices, stock).
 */
import type { Translations } from "../db/schema.js";
import type { ShapeName } from "../modules/catalogue/image-shapes.js";

export interface CategoryDefinition {
  id: string;
  uri: string;
  parentId: string | null;
  name: Translations;
  description: Translations;
  colorHex: string;
  imageShape: ShapeName;
}

export const CATEGORIES: CategoryDefinition[] = [
  {
    id: "cat-klader",
    uri: "klader",
    parentId: null,
    name: { sv: "Kläder", fi: "Vaatteet", en: "Clothing" },
    description: {
      sv: "Varma plagg i ull och bomull för det nordiska klimatet.",
      fi: "Lämpimiä villa- ja puuvillavaatteita pohjoiseen ilmastoon.",
      en: "Warm wool and cotton garments for the Nordic climate.",
    },
    colorHex: "#1d3557",
    imageShape: "sweater",
  },
  {
    id: "cat-trojor",
    uri: "klader/trojor",
    parentId: "cat-klader",
    name: { sv: "Tröjor", fi: "Neuleet", en: "Sweaters" },
    description: {
      sv: "Stickade tröjor, koftor och huvtröjor.",
      fi: "Neuleet, neuletakit ja hupparit.",
      en: "Knitted sweaters, cardigans and hoodies.",
    },
    colorHex: "#2d6a4f",
    imageShape: "cardigan",
  },
  {
    id: "cat-mossor-och-vantar",
    uri: "klader/mossor-och-vantar",
    parentId: "cat-klader",
    name: { sv: "Mössor & vantar", fi: "Pipot ja lapaset", en: "Hats & mittens" },
    description: {
      sv: "Mössor, vantar och handskar för kalla dagar.",
      fi: "Pipot, lapaset ja käsineet kylmiin päiviin.",
      en: "Hats, mittens and gloves for cold days.",
    },
    colorHex: "#a0522d",
    imageShape: "beanie",
  },
  {
    id: "cat-strumpor",
    uri: "klader/strumpor",
    parentId: "cat-klader",
    name: { sv: "Strumpor", fi: "Sukat", en: "Socks" },
    description: {
      sv: "Ullsockor och vandringsstrumpor.",
      fi: "Villasukat ja vaellussukat.",
      en: "Wool socks and hiking socks.",
    },
    colorHex: "#7b1e3a",
    imageShape: "woolSock",
  },
  {
    id: "cat-vaskor",
    uri: "vaskor",
    parentId: null,
    name: { sv: "Väskor", fi: "Laukut", en: "Bags" },
    description: {
      sv: "Ryggsäckar, tygkassar och weekendbagar.",
      fi: "Reput, kangaskassit ja viikonloppulaukut.",
      en: "Backpacks, tote bags and weekend bags.",
    },
    colorHex: "#3d405b",
    imageShape: "backpack",
  },
  {
    id: "cat-hem-och-inredning",
    uri: "hem-och-inredning",
    parentId: null,
    name: { sv: "Hem & inredning", fi: "Koti ja sisustus", en: "Home & interior" },
    description: {
      sv: "Textilier och köksting för ett ombonat hem.",
      fi: "Tekstiilejä ja keittiötarvikkeita kodikkaaseen kotiin.",
      en: "Textiles and kitchenware for a cosy home.",
    },
    colorHex: "#c8a165",
    imageShape: "cushion",
  },
  {
    id: "cat-textilier",
    uri: "hem-och-inredning/textilier",
    parentId: "cat-hem-och-inredning",
    name: { sv: "Textilier", fi: "Tekstiilit", en: "Textiles" },
    description: {
      sv: "Plädar, kuddfodral och handdukar.",
      fi: "Torkkupeitot, tyynynpäälliset ja pyyhkeet.",
      en: "Throws, cushion covers and towels.",
    },
    colorHex: "#9e9e9e",
    imageShape: "throw",
  },
  {
    id: "cat-kok",
    uri: "hem-och-inredning/kok",
    parentId: "cat-hem-och-inredning",
    name: { sv: "Kök", fi: "Keittiö", en: "Kitchen" },
    description: {
      sv: "Muggar, ljuslyktor och skärbrädor.",
      fi: "Mukit, lyhdyt ja leikkuulaudat.",
      en: "Mugs, lanterns and cutting boards.",
    },
    colorHex: "#d4a017",
    imageShape: "mug",
  },
  {
    id: "cat-presenter",
    uri: "presenter",
    parentId: null,
    name: { sv: "Presenter", fi: "Lahjat", en: "Gifts" },
    description: {
      sv: "Färdiga presentset, inslagna i presentask.",
      fi: "Valmiita lahjasettejä lahjarasiassa.",
      en: "Ready-made gift sets, wrapped in a gift box.",
    },
    colorHex: "#c0392b",
    imageShape: "giftBox",
  },
];

export interface ColourDefinition {
  name: Translations;
  hex: string;
  /** Part of the SKU. */
  code: string;
}

export const COLOURS = {
  navy: {
    name: { sv: "Marinblå", fi: "Laivastonsininen", en: "Navy" },
    hex: "#1d3557",
    code: "NAV",
  },
  forest: {
    name: { sv: "Skogsgrön", fi: "Metsänvihreä", en: "Forest green" },
    hex: "#2d6a4f",
    code: "GRN",
  },
  rust: {
    name: { sv: "Rostbrun", fi: "Ruosteenruskea", en: "Rust brown" },
    hex: "#a0522d",
    code: "RST",
  },
  grey: {
    name: { sv: "Gråmelerad", fi: "Harmaameleerattu", en: "Grey melange" },
    hex: "#9e9e9e",
    code: "GRY",
  },
  offwhite: {
    name: { sv: "Naturvit", fi: "Luonnonvalkoinen", en: "Off-white" },
    hex: "#f1ece1",
    code: "OWH",
  },
  black: { name: { sv: "Svart", fi: "Musta", en: "Black" }, hex: "#1b1b1b", code: "BLK" },
  mustard: {
    name: { sv: "Senapsgul", fi: "Sinapinkeltainen", en: "Mustard" },
    hex: "#d4a017",
    code: "MUS",
  },
  burgundy: {
    name: { sv: "Vinröd", fi: "Viininpunainen", en: "Burgundy" },
    hex: "#7b1e3a",
    code: "BUR",
  },
  lightblue: {
    name: { sv: "Ljusblå", fi: "Vaaleansininen", en: "Light blue" },
    hex: "#a8c8e8",
    code: "LBL",
  },
  pink: { name: { sv: "Rosa", fi: "Roosa", en: "Pink" }, hex: "#e8a0b4", code: "PNK" },
  sand: { name: { sv: "Sand", fi: "Hiekka", en: "Sand" }, hex: "#d8c3a5", code: "SND" },
  red: { name: { sv: "Röd", fi: "Punainen", en: "Red" }, hex: "#c0392b", code: "RED" },
} satisfies Record<string, ColourDefinition>;

export type ColourKey = keyof typeof COLOURS;

export interface ProductTypeDefinition {
  categoryId: string;
  shape: ShapeName;
  name: Translations;
  /** `{line}` is replaced by the product line's name. */
  description: Translations;
  sizes: string[];
  /** Consumer price in whole SEK, VAT included. */
  priceSek: number;
  /** Extra whole SEK per size, for sizes that cost more. */
  sizeSurchargeSek?: Record<string, number>;
  /** Colour of the picture when the product has no colour variants. */
  defaultHex: string;
}

const CLOTHING_SIZES = ["S", "M", "L", "XL"];
const SOCK_SIZES = ["36–39", "40–43", "44–46"];
const MITTEN_SIZES = ["S/M", "L/XL"];

export const PRODUCT_TYPES = {
  sweater: {
    categoryId: "cat-trojor",
    shape: "sweater",
    name: { sv: "Ulltröja", fi: "Villaneule", en: "Wool sweater" },
    description: {
      sv: "Varm och mjuk tröja i merinoull, stickad i Norden. {line} har rak passform och ribbade muddar.",
      fi: "Lämmin ja pehmeä merinovillaneule, neulottu Pohjoismaissa. {line}-mallissa on suora istuvuus ja joustinneuleresorit.",
      en: "A warm, soft merino wool sweater knitted in the Nordics. The {line} has a straight fit and ribbed cuffs.",
    },
    sizes: CLOTHING_SIZES,
    priceSek: 1199,
    defaultHex: "#9e9e9e",
  },
  cardigan: {
    categoryId: "cat-trojor",
    shape: "cardigan",
    name: { sv: "Kofta", fi: "Neuletakki", en: "Cardigan" },
    description: {
      sv: "Stickad kofta med knappar av trä. {line} passar lika bra på kontoret som i stugan.",
      fi: "Neuletakki puisilla napeilla. {line} sopii yhtä hyvin toimistolle kuin mökille.",
      en: "A knitted cardigan with wooden buttons. The {line} is as at home in the office as in the cabin.",
    },
    sizes: CLOTHING_SIZES,
    priceSek: 1299,
    defaultHex: "#9e9e9e",
  },
  hoodie: {
    categoryId: "cat-trojor",
    shape: "hoodie",
    name: { sv: "Huvtröja", fi: "Huppari", en: "Hoodie" },
    description: {
      sv: "Huvtröja i borstad ekologisk bomull. {line} har känguruficka och dubbelvikt huva.",
      fi: "Huppari harjattua luomupuuvillaa. {line}-mallissa on kengurutasku ja kaksinkertainen huppu.",
      en: "A hoodie in brushed organic cotton. The {line} has a kangaroo pocket and a lined hood.",
    },
    sizes: ["XS", ...CLOTHING_SIZES],
    priceSek: 799,
    defaultHex: "#9e9e9e",
  },
  rollneck: {
    categoryId: "cat-trojor",
    shape: "rollneck",
    name: { sv: "Polotröja", fi: "Poolopaita", en: "Roll-neck sweater" },
    description: {
      sv: "Tunnstickad polotröja i ull och kashmir. {line} värmer utan att bli för tjock.",
      fi: "Ohut poolopaita villaa ja kashmiria. {line} lämmittää olematta liian paksu.",
      en: "A fine-knit roll-neck in wool and cashmere. The {line} keeps you warm without bulk.",
    },
    sizes: CLOTHING_SIZES,
    priceSek: 999,
    defaultHex: "#1b1b1b",
  },
  beanie: {
    categoryId: "cat-mossor-och-vantar",
    shape: "beanie",
    name: { sv: "Mössa", fi: "Pipo", en: "Beanie" },
    description: {
      sv: "Ribbstickad mössa i lammull med vikt kant och tofs. {line} är en storlek som passar de flesta.",
      fi: "Joustinneulottu lampaanvillapipo käännettävällä reunalla ja tupsulla. {line} on yhtä kokoa.",
      en: "A rib-knit lambswool beanie with a folded brim and a pompom. The {line} is one size.",
    },
    sizes: [],
    priceSek: 299,
    defaultHex: "#1d3557",
  },
  mittens: {
    categoryId: "cat-mossor-och-vantar",
    shape: "mitten",
    name: { sv: "Vantar", fi: "Lapaset", en: "Mittens" },
    description: {
      sv: "Tjocka vantar i tovad ull med fleecefoder. {line} håller händerna varma i minusgrader.",
      fi: "Paksut huovutetut villalapaset fleecevuorilla. {line} pitää kädet lämpiminä pakkasella.",
      en: "Thick felted wool mittens with a fleece lining. The {line} keeps hands warm below zero.",
    },
    sizes: MITTEN_SIZES,
    priceSek: 349,
    defaultHex: "#c0392b",
  },
  gloves: {
    categoryId: "cat-mossor-och-vantar",
    shape: "glove",
    name: { sv: "Handskar", fi: "Käsineet", en: "Gloves" },
    description: {
      sv: "Fingerhandskar i ull med pekskärmsvänliga fingertoppar. {line} passar till vardags.",
      fi: "Villasormikkaat kosketusnäyttöä tukevin sormenpäin. {line} sopii arkeen.",
      en: "Wool gloves with touchscreen fingertips. The {line} is made for every day.",
    },
    sizes: ["S", "M", "L"],
    priceSek: 399,
    defaultHex: "#1b1b1b",
  },
  woolsocks: {
    categoryId: "cat-strumpor",
    shape: "woolSock",
    name: { sv: "Ullsockor", fi: "Villasukat", en: "Wool socks" },
    description: {
      sv: "Mjuka ullsockor med förstärkt häl och tå. {line} är stickade i Sverige.",
      fi: "Pehmeät villasukat vahvistetulla kantapäällä ja kärjellä. {line} on neulottu Ruotsissa.",
      en: "Soft wool socks with a reinforced heel and toe. The {line} are knitted in Sweden.",
    },
    sizes: SOCK_SIZES,
    priceSek: 179,
    defaultHex: "#9e9e9e",
  },
  hikingsocks: {
    categoryId: "cat-strumpor",
    shape: "hikingSock",
    name: { sv: "Vandringsstrumpor", fi: "Vaellussukat", en: "Hiking socks" },
    description: {
      sv: "Dämpade vandringsstrumpor i merinoull som transporterar bort fukt. {line} håller hela dagen.",
      fi: "Pehmustetut merinovillaiset vaellussukat, jotka siirtävät kosteutta. {line} kestävät koko päivän.",
      en: "Cushioned merino hiking socks that wick moisture. The {line} last the whole day.",
    },
    sizes: SOCK_SIZES,
    priceSek: 229,
    defaultHex: "#2d6a4f",
  },
  socks3: {
    categoryId: "cat-strumpor",
    shape: "sockPack",
    name: { sv: "Strumpor 3-pack", fi: "Sukat 3 kpl", en: "Socks 3-pack" },
    description: {
      sv: "Tre par vardagsstrumpor i kammad bomull. {line} har slät tåsöm.",
      fi: "Kolme paria arkisukkia kammattua puuvillaa. {line}-sukissa on sileä kärkisauma.",
      en: "Three pairs of everyday socks in combed cotton. The {line} have a flat toe seam.",
    },
    sizes: SOCK_SIZES,
    priceSek: 199,
    defaultHex: "#1b1b1b",
  },
  backpack: {
    categoryId: "cat-vaskor",
    shape: "backpack",
    name: { sv: "Ryggsäck", fi: "Reppu", en: "Backpack" },
    description: {
      sv: "Ryggsäck i vaxad canvas med vadderat datorfack. {line} rymmer 22 liter.",
      fi: "Vahakankainen reppu pehmustetulla tietokonetaskulla. {line} vetää 22 litraa.",
      en: "A waxed canvas backpack with a padded laptop sleeve. The {line} holds 22 litres.",
    },
    sizes: [],
    priceSek: 1299,
    defaultHex: "#1b1b1b",
  },
  tote: {
    categoryId: "cat-vaskor",
    shape: "tote",
    name: { sv: "Tygkasse", fi: "Kangaskassi", en: "Tote bag" },
    description: {
      sv: "Rejäl tygkasse i ekologisk bomull med innerficka. {line} bär en hel veckohandling.",
      fi: "Tukeva luomupuuvillainen kangaskassi sisätaskulla. {line} kantaa koko viikon ostokset.",
      en: "A sturdy organic cotton tote with an inner pocket. The {line} carries a week of groceries.",
    },
    sizes: [],
    priceSek: 249,
    defaultHex: "#f1ece1",
  },
  shoulderbag: {
    categoryId: "cat-vaskor",
    shape: "shoulderBag",
    name: { sv: "Axelväska", fi: "Olkalaukku", en: "Shoulder bag" },
    description: {
      sv: "Axelväska i vegetabiliskt garvat läder med justerbar rem. {line} åldras vackert.",
      fi: "Olkalaukku kasviparkitusta nahasta säädettävällä hihnalla. {line} vanhenee kauniisti.",
      en: "A vegetable-tanned leather shoulder bag with an adjustable strap. The {line} ages beautifully.",
    },
    sizes: [],
    priceSek: 899,
    defaultHex: "#a0522d",
  },
  weekendbag: {
    categoryId: "cat-vaskor",
    shape: "weekendBag",
    name: { sv: "Weekendbag", fi: "Viikonloppulaukku", en: "Weekend bag" },
    description: {
      sv: "Rymlig weekendbag i canvas och läder. {line} går in som handbagage.",
      fi: "Tilava viikonloppulaukku kankaasta ja nahasta. {line} kelpaa käsimatkatavaraksi.",
      en: "A roomy canvas and leather weekend bag. The {line} fits as cabin luggage.",
    },
    sizes: [],
    priceSek: 1799,
    defaultHex: "#1d3557",
  },
  throw: {
    categoryId: "cat-textilier",
    shape: "throw",
    name: { sv: "Pläd", fi: "Torkkupeitto", en: "Throw blanket" },
    description: {
      sv: "Vävd pläd i ull med fransar, 130 × 170 cm. {line} är vävd i Dalarna.",
      fi: "Hapsullinen kudottu villapeitto, 130 × 170 cm. {line} on kudottu Taalainmaalla.",
      en: "A woven wool throw with fringes, 130 × 170 cm. The {line} is woven in Dalarna.",
    },
    sizes: [],
    priceSek: 799,
    defaultHex: "#9e9e9e",
  },
  cushion: {
    categoryId: "cat-textilier",
    shape: "cushion",
    name: { sv: "Kuddfodral", fi: "Tyynynpäällinen", en: "Cushion cover" },
    description: {
      sv: "Kuddfodral i tvättat linne med dold dragkedja. {line} finns i två storlekar.",
      fi: "Pesty pellavainen tyynynpäällinen piilovetoketjulla. {line} on saatavana kahtena kokona.",
      en: "A washed linen cushion cover with a hidden zip. The {line} comes in two sizes.",
    },
    sizes: ["45×45 cm", "50×50 cm"],
    priceSek: 299,
    sizeSurchargeSek: { "50×50 cm": 50 },
    defaultHex: "#f1ece1",
  },
  towel: {
    categoryId: "cat-textilier",
    shape: "towel",
    name: { sv: "Handduk", fi: "Pyyhe", en: "Towel" },
    description: {
      sv: "Frottéhandduk i tung ekologisk bomull. {line} blir mjukare för varje tvätt.",
      fi: "Paksu froteepyyhe luomupuuvillaa. {line} pehmenee joka pesussa.",
      en: "A heavy organic cotton terry towel. The {line} gets softer with every wash.",
    },
    sizes: ["50×70 cm", "70×140 cm"],
    priceSek: 199,
    sizeSurchargeSek: { "70×140 cm": 150 },
    defaultHex: "#f1ece1",
  },
  mug: {
    categoryId: "cat-kok",
    shape: "mug",
    name: { sv: "Emaljmugg", fi: "Emalimuki", en: "Enamel mug" },
    description: {
      sv: "Emaljerad mugg som tål lägereld och diskmaskin, 3 dl. {line} är en klassiker i stugan.",
      fi: "Emaloitu muki, joka kestää nuotion ja astianpesukoneen, 3 dl. {line} on mökin klassikko.",
      en: "An enamel mug that takes both campfire and dishwasher, 300 ml. The {line} is a cabin classic.",
    },
    sizes: [],
    priceSek: 179,
    defaultHex: "#f1ece1",
  },
  lantern: {
    categoryId: "cat-kok",
    shape: "lantern",
    name: { sv: "Ljuslykta", fi: "Lyhty", en: "Lantern" },
    description: {
      sv: "Ljuslykta i pulverlackerat stål och glas för blockljus. {line} kan stå ute året runt.",
      fi: "Jauhemaalattu teräs- ja lasilyhty pöytäkynttilälle. {line} kestää ulkona ympäri vuoden.",
      en: "A powder-coated steel and glass lantern for pillar candles. The {line} can stay outdoors all year.",
    },
    sizes: [],
    priceSek: 349,
    defaultHex: "#1b1b1b",
  },
  board: {
    categoryId: "cat-kok",
    shape: "board",
    name: { sv: "Skärbräda", fi: "Leikkuulauta", en: "Cutting board" },
    description: {
      sv: "Skärbräda i oljad ek från svenska skogar. {line} är skonsam mot knivar.",
      fi: "Öljytty tammileikkuulauta ruotsalaisista metsistä. {line} on hellävarainen veitsille.",
      en: "An oiled oak cutting board from Swedish forests. The {line} is gentle on knives.",
    },
    sizes: [],
    priceSek: 399,
    sizeSurchargeSek: { L: 150 },
    defaultHex: "#c8a165",
  },
  giftset: {
    categoryId: "cat-presenter",
    shape: "giftSet",
    name: { sv: "Presentset", fi: "Lahjasetti", en: "Gift set" },
    description: {
      sv: "Ett par ullsockor och en emaljmugg, inslagna i presentask. {line} levereras med kort.",
      fi: "Villasukat ja emalimuki lahjarasiassa. {line} toimitetaan kortin kanssa.",
      en: "A pair of wool socks and an enamel mug, wrapped in a gift box. The {line} comes with a card.",
    },
    sizes: [],
    priceSek: 399,
    defaultHex: "#c0392b",
  },
  giftbox: {
    categoryId: "cat-presenter",
    shape: "giftBox",
    name: { sv: "Presentask", fi: "Lahjarasia", en: "Gift box" },
    description: {
      sv: "Presentask i återvunnen kartong med sidenband.",
      fi: "Lahjarasia kierrätyskartongista silkkinauhalla.",
      en: "A gift box of recycled cardboard with a silk ribbon.",
    },
    sizes: [],
    priceSek: 49,
    defaultHex: "#c0392b",
  },
} satisfies Record<string, ProductTypeDefinition>;

export type ProductTypeKey = keyof typeof PRODUCT_TYPES;

export const BRANDS = [
  "Ullfabriken",
  "Nordvik",
  "Saimaa Design",
  "Skog Studio",
  "Kivi & Co",
  "Fjällbruk",
] as const;

export interface ProductDefinition {
  /** Four digits; gives the ids `pp-<number>` and `pv-<number>-NN` and the SKU prefix. */
  number: number;
  type: ProductTypeKey;
  /** Product line name appended to the type name (`Ulltröja Fjäll`); empty for none. */
  line: string;
  brand: (typeof BRANDS)[number];
  colours: ColourKey[];
  /** Overrides the type's sizes (e.g. none). */
  sizes?: string[];
  tags?: string[];
  orderLimit?: number;
  /** Sold at about 30 % off in every market and store group. */
  onSale?: boolean;
  isActive?: boolean;
  isListed?: boolean;
  /** Product numbers whose first variant goes into the cart with this product. */
  childItems?: number[];
}

/**
 * The products. The fixtures in `fixtures.ts` point at some of them by number; keep those entries
 * stable (the seed test checks each fixture's promise).
 */
export const PRODUCTS: ProductDefinition[] = [
  // Tröjor
  {
    number: 1001,
    type: "sweater",
    line: "Fjäll",
    brand: "Ullfabriken",
    colours: ["navy", "forest", "offwhite"],
    tags: ["featured"],
  },
  {
    number: 1002,
    type: "sweater",
    line: "Skärgård",
    brand: "Nordvik",
    colours: ["navy", "offwhite", "red"],
    onSale: true,
    tags: ["sale"],
  },
  {
    number: 1003,
    type: "cardigan",
    line: "Dalarna",
    brand: "Ullfabriken",
    colours: ["grey", "burgundy"],
  },
  {
    number: 1004,
    type: "cardigan",
    line: "Porvoo",
    brand: "Saimaa Design",
    colours: ["offwhite", "mustard"],
  },
  {
    number: 1005,
    type: "hoodie",
    line: "Kiruna",
    brand: "Nordvik",
    colours: ["black", "grey", "forest"],
    tags: ["new"],
  },
  {
    number: 1006,
    type: "hoodie",
    line: "Hanko",
    brand: "Saimaa Design",
    colours: ["lightblue", "pink", "grey"],
    onSale: true,
    tags: ["sale"],
  },
  {
    number: 1007,
    type: "rollneck",
    line: "Visby",
    brand: "Skog Studio",
    colours: ["black", "offwhite", "burgundy"],
    tags: ["featured"],
  },
  { number: 1008, type: "rollneck", line: "Koli", brand: "Kivi & Co", colours: ["navy", "rust"] },
  {
    number: 1009,
    type: "sweater",
    line: "Lappland",
    brand: "Fjällbruk",
    colours: ["grey", "offwhite"],
    orderLimit: 2,
    tags: ["limited"],
  },
  {
    number: 1010,
    type: "cardigan",
    line: "Åland",
    brand: "Nordvik",
    colours: ["navy", "sand"],
    tags: ["new"],
  },
  // Mössor & vantar
  {
    number: 1011,
    type: "beanie",
    line: "Lappland",
    brand: "Fjällbruk",
    colours: ["black", "mustard"],
    tags: ["featured"],
  },
  {
    number: 1012,
    type: "beanie",
    line: "Fjäll",
    brand: "Ullfabriken",
    colours: ["navy", "rust", "grey", "offwhite"],
  },
  {
    number: 1013,
    type: "beanie",
    line: "Saimaa",
    brand: "Saimaa Design",
    colours: ["pink", "lightblue", "offwhite"],
    onSale: true,
    tags: ["sale"],
  },
  { number: 1014, type: "mittens", line: "Inari", brand: "Fjällbruk", colours: ["red", "grey"] },
  {
    number: 1015,
    type: "mittens",
    line: "Torne",
    brand: "Ullfabriken",
    colours: ["navy", "offwhite"],
  },
  { number: 1016, type: "gloves", line: "Kiruna", brand: "Nordvik", colours: ["black", "rust"] },
  {
    number: 1017,
    type: "beanie",
    line: "Nordkap",
    brand: "Fjällbruk",
    colours: ["black", "forest"],
    orderLimit: 5,
  },
  {
    number: 1018,
    type: "mittens",
    line: "Gotland",
    brand: "Skog Studio",
    colours: ["mustard", "forest"],
    tags: ["new"],
  },
  // Strumpor
  {
    number: 1019,
    type: "woolsocks",
    line: "Kiruna",
    brand: "Ullfabriken",
    colours: ["grey"],
    orderLimit: 3,
    tags: ["featured"],
  },
  {
    number: 1020,
    type: "woolsocks",
    line: "Fjäll",
    brand: "Ullfabriken",
    colours: ["navy", "offwhite"],
  },
  {
    number: 1021,
    type: "hikingsocks",
    line: "Koli",
    brand: "Kivi & Co",
    colours: ["grey", "forest"],
  },
  {
    number: 1022,
    type: "hikingsocks",
    line: "Lappland",
    brand: "Fjällbruk",
    colours: ["black", "rust"],
    orderLimit: 6,
  },
  {
    number: 1023,
    type: "socks3",
    line: "Ystad",
    brand: "Nordvik",
    colours: ["black", "navy", "grey"],
    onSale: true,
    tags: ["sale"],
  },
  {
    number: 1024,
    type: "socks3",
    line: "Hanko",
    brand: "Saimaa Design",
    colours: ["pink", "lightblue"],
  },
  {
    number: 1025,
    type: "woolsocks",
    line: "Dalarna",
    brand: "Skog Studio",
    colours: ["red", "mustard"],
    tags: ["new"],
  },
  // Väskor
  {
    number: 1026,
    type: "backpack",
    line: "Fjäll",
    brand: "Fjällbruk",
    colours: ["black", "forest", "rust"],
    tags: ["featured"],
  },
  { number: 1027, type: "backpack", line: "Kiruna", brand: "Nordvik", colours: ["grey", "navy"] },
  {
    number: 1028,
    type: "tote",
    line: "Visby",
    brand: "Skog Studio",
    colours: ["offwhite", "black", "sand"],
  },
  {
    number: 1029,
    type: "tote",
    line: "Porvoo",
    brand: "Saimaa Design",
    colours: ["mustard", "forest"],
    onSale: true,
    tags: ["sale"],
  },
  {
    number: 1030,
    type: "shoulderbag",
    line: "Ystad",
    brand: "Kivi & Co",
    colours: ["black", "rust"],
  },
  {
    number: 1031,
    type: "weekendbag",
    line: "Skärgård",
    brand: "Nordvik",
    colours: ["navy", "sand"],
    tags: ["featured"],
  },
  {
    number: 1032,
    type: "weekendbag",
    line: "Inari",
    brand: "Fjällbruk",
    colours: ["black"],
    orderLimit: 2,
  },
  // Textilier
  {
    number: 1033,
    type: "throw",
    line: "Gotland",
    brand: "Skog Studio",
    colours: ["grey", "offwhite", "forest", "burgundy"],
    onSale: true,
    tags: ["featured", "sale"],
  },
  {
    number: 1034,
    type: "throw",
    line: "Lappland",
    brand: "Fjällbruk",
    colours: ["rust", "mustard"],
  },
  {
    number: 1035,
    type: "cushion",
    line: "Saimaa",
    brand: "Saimaa Design",
    colours: ["offwhite", "lightblue"],
  },
  {
    number: 1036,
    type: "cushion",
    line: "Åland",
    brand: "Nordvik",
    colours: ["navy", "sand"],
    tags: ["new"],
  },
  {
    number: 1037,
    type: "towel",
    line: "Hanko",
    brand: "Saimaa Design",
    colours: ["offwhite", "lightblue", "pink"],
  },
  { number: 1038, type: "towel", line: "Visby", brand: "Skog Studio", colours: ["grey", "sand"] },
  // Kök
  { number: 1039, type: "mug", line: "Koli", brand: "Kivi & Co", colours: ["offwhite"] },
  {
    number: 1040,
    type: "mug",
    line: "Saimaa",
    brand: "Saimaa Design",
    colours: ["navy", "red", "forest"],
  },
  {
    number: 1041,
    type: "lantern",
    line: "Porvoo",
    brand: "Kivi & Co",
    colours: ["black", "offwhite"],
    tags: ["featured"],
  },
  { number: 1042, type: "lantern", line: "Torne", brand: "Fjällbruk", colours: ["rust"] },
  {
    number: 1043,
    type: "board",
    line: "Dalarna",
    brand: "Skog Studio",
    colours: [],
    sizes: ["S", "L"],
  },
  { number: 1044, type: "board", line: "Ystad", brand: "Kivi & Co", colours: [] },
  // Presenter
  {
    number: 1045,
    type: "giftset",
    line: "Mys",
    brand: "Ullfabriken",
    colours: ["grey", "burgundy"],
    childItems: [1047],
    tags: ["gift"],
  },
  {
    number: 1046,
    type: "giftset",
    line: "Stuga",
    brand: "Fjällbruk",
    colours: [],
    childItems: [1047],
    tags: ["gift", "new"],
  },
  // The gift box that goes with the gift sets: sold only as their add-on, never listed.
  { number: 1047, type: "giftbox", line: "", brand: "Kivi & Co", colours: [], isListed: false },
  // Discontinued: visible only to tag lookups with only_active=false.
  {
    number: 1048,
    type: "hoodie",
    line: "Arkiv",
    brand: "Nordvik",
    colours: ["grey"],
    isActive: false,
    tags: ["sale"],
  },
];
