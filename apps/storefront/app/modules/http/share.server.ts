import { toMajorUnits } from "@kassa/domain";
import { canonicalUrlOf } from "./canonical-url.server";
import { languageOf, translatorIn } from "./i18n.server";
import { marketOf } from "./market.server";
import type { SharedPage } from "./page-meta";
import { publicUrl } from "./public-origin.server";

/**
 * The shop's picture for a link to a page without one of its own (1200 × 630, the size link
 * previews show large): in `public/`, so it is served from the shop's own origin.
 */
export const DEFAULT_SHARE_IMAGE = { path: "/images/share.png", width: 1200, height: 630 } as const;

/** The shop's logo (512 × 512), for the Organization in the home page's JSON-LD. */
export const LOGO_PATH = "/images/logo.png";

export interface ShareOptions {
  /** `product` on a product page; every other page is a `website`. */
  type?: SharedPage["type"];
  /** The page's own picture (a product's) and its alt text; else the shop's picture. */
  image?: { url: string; alt: string } | null;
  /** A product's shown price, in minor units. */
  price?: { amount: number; currency: string } | null;
}

/**
 * What a link preview (Open Graph, Twitter cards) shows of a public page, made by its loader:
 * the page's canonical URL (`canonicalUrlOf`, never the request's host), its picture as an
 * absolute URL on the configured public origin, the page's locale (`sv_SE`, Open Graph writes
 * it with an underscore) and the shop's name in the page's language. `page-meta.ts` turns it into
 * tags, beside the page's title and description.
 */
export async function shareOf(request: Request, options: ShareOptions = {}): Promise<SharedPage> {
  const [language, market] = await Promise.all([languageOf(request), marketOf(request)]);
  const t = await translatorIn(language);
  const image = options.image
    ? { url: publicUrl(options.image.url), alt: options.image.alt }
    : {
        url: publicUrl(DEFAULT_SHARE_IMAGE.path),
        alt: t("meta.shareImageAlt"),
        width: DEFAULT_SHARE_IMAGE.width,
        height: DEFAULT_SHARE_IMAGE.height,
      };
  return {
    url: canonicalUrlOf(request),
    type: options.type ?? "website",
    siteName: t("meta.siteName"),
    locale: `${language}_${market.country}`,
    image,
    ...(options.price
      ? {
          price: {
            amount: toMajorUnits(options.price.amount).toFixed(2),
            currency: options.price.currency,
          },
        }
      : {}),
  };
}
