/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

/** A hash of every translation, set at build time (`vite.config.ts`). */
declare const __KASSA_TRANSLATIONS_VERSION__: string;
