import type { TranslationResource } from "@kassa/i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: { common: TranslationResource };
  }
}
