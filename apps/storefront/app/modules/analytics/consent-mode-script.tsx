import { useState } from "react";
import { useScriptNonce } from "~/modules/http/script-nonce";
import type { ConsentChoices } from "./consent";
import { consentModeBootstrap } from "./consent-mode";

/**
 * The page's first script, in `<head>` before any module: the data layer with Consent Mode's
 * `consent default` (all denied) and, when the shopper has chosen, `consent update`. It carries
 * the render's nonce, so its hash enters the page's policy and it runs on shared pages too
 * (ADR 0032). Its text is the first render's: a later choice is pushed by `<AnalyticsHost>`, a
 * script's text changed in place would not run again.
 */
export function ConsentModeScript({ consent }: { consent: ConsentChoices | null }) {
  const nonce = useScriptNonce();
  const [text] = useState(() => consentModeBootstrap(consent));
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from two booleans, no input.
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
