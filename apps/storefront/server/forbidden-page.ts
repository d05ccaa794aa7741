import type { TFunction } from "i18next";
import { refusalPage } from "./refusal-page";

/** The page a refused cross-site form post gets (403): `refusalPage` with its own words. */
export function forbiddenPage(t: TFunction, language: string, requestId?: string): string {
  return refusalPage(t, language, "error.crossSiteForm", requestId);
}
