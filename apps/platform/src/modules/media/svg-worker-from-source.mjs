// The SVG worker when the platform runs from its TypeScript sources (tests, `pnpm dev`): tsx's
// loader is registered in this thread first, then the worker itself is loaded. The build has
// `dist/svg-worker.js` instead (`sanitise-svg-apart.ts`).
import { register } from "tsx/esm/api";

register();
await import("./svg-worker.ts");
