/**
 * zod 4 compiles its object parsers with `new Function` when it may, and finds out whether it may
 * by trying it once, when the first object schema is made, as the form modules load. The pages'
 * Content-Security-Policy refuses `eval` (ADR 0032): the refused probe is caught by zod, but the
 * browser still reports it as a violation, and the parsers would fall back to zod's plain ones
 * anyway. zod reads `globalThis.__zod_globalConfig` when it loads, so the layout sets `jitless`
 * in an inline script of its head, which runs before any module. The server keeps the JIT.
 */
export const ZOD_WITHOUT_EVAL = "globalThis.__zod_globalConfig={jitless:true};";
