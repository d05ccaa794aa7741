import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

/** A mail's two bodies, written from one template. */
export interface MailBodies {
  html: string;
  text: string;
}

/**
 * Renders a template (`mail-layout.tsx`) to its HTML part and writes the text part from that
 * HTML, so the two always say the same and carry the same links (ADR 0044). html-to-text, through
 * React Email's settings: a link is its label and then its address (the address alone when they
 * are the same), lines are not wrapped, and what is marked `data-skip-in-text` (the spelled-out
 * address under a button) is left out. Titles keep their case: html-to-text would shout them.
 */
export async function renderMail(template: ReactElement): Promise<MailBodies> {
  const html = await render(template);
  const text = toPlainText(html, {
    selectors: [{ selector: "h1", options: { uppercase: false } }],
  });
  return { html, text };
}
