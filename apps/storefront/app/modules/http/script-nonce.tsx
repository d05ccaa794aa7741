import { createContext, useContext } from "react";

/**
 * The nonce of this render, for the inline scripts the page writes itself (`<Scripts>`,
 * `<ScrollRestoration>`): `entry.server.tsx` provides it, `page-scripts.server.ts` turns the
 * scripts that carry it into the page's Content-Security-Policy. Undefined in the browser, where
 * the scripts are already in the page.
 */
export const ScriptNonce = createContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonce);
}
