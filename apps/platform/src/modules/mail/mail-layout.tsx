import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";

/**
 * The building blocks every Kassa mail is made of (ADR 0044): React Email components, which write
 * the table-based, inline-styled HTML that mail programs render alike, and escape every text they
 * are given, so a customer's name or a gift card's message can never become markup.
 *
 * Each block renders into the text part as well (`renderMail` converts the HTML): a paragraph is a
 * paragraph, a line break a line break, a link its label followed by its address.
 */

/** The mail languages: the customer's language chooses the texts, and `lang` says which it is. */
export type MailLanguage = "sv" | "fi" | "en";

const COLOURS = { text: "#1b1f23", muted: "#57606a", button: "#1f4e79", buttonText: "#ffffff" };

const bodyStyle: CSSProperties = {
  backgroundColor: "#ffffff",
  color: COLOURS.text,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  lineHeight: "1.5",
};

const paragraphStyle: CSSProperties = { fontSize: "16px", lineHeight: "24px", margin: "16px 0" };

const smallStyle: CSSProperties = {
  ...paragraphStyle,
  color: COLOURS.muted,
  fontSize: "14px",
  lineHeight: "20px",
};

/**
 * The page: the document, its language, and a column no wider than a phone turned sideways.
 * `template` names the design a mail was written for (a gift card's card picture), for whoever
 * styles the mails later; it shows nowhere.
 */
export function MailLayout({
  lang,
  template,
  children,
}: {
  lang: MailLanguage;
  template?: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Body style={bodyStyle} data-template={template}>
        <Container style={{ maxWidth: "600px", padding: "0 16px" }}>{children}</Container>
      </Body>
    </Html>
  );
}

/** Lines of one paragraph, kept apart by line breaks (an address, the lines of an order). */
function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a line's text may repeat; its place does not
    <span key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

/** A paragraph; `\n` in the text is a line break. */
export function Paragraph({ children, small = false }: { children: string; small?: boolean }) {
  return (
    <Text style={small ? smallStyle : paragraphStyle}>
      <Lines lines={children.split("\n")} />
    </Text>
  );
}

/** The mail's title, once, under the greeting (an order's number, a gift card's giver). */
export function Title({ children }: { children: string }) {
  return (
    <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "24px 0 16px" }}>
      {children}
    </Heading>
  );
}

/**
 * The one thing the mail asks the reader to do, as a button. Under it the address is spelled out
 * for mail programs that hide buttons; the text part has the address once, after the label.
 */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Text style={paragraphStyle}>
        <Button
          href={href}
          style={{
            backgroundColor: COLOURS.button,
            borderRadius: "4px",
            color: COLOURS.buttonText,
            display: "inline-block",
            padding: "10px 20px",
            textDecoration: "none",
          }}
        >
          {label}
        </Button>
      </Text>
      <Text style={{ ...smallStyle, wordBreak: "break-all" }} data-skip-in-text="true">
        <Link href={href} style={{ color: COLOURS.muted }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

/** A link inside running text (the order of an agent's notification). */
export function TextLink({ href, label }: { href: string; label: string }) {
  return (
    <Text style={paragraphStyle}>
      <Link href={href} style={{ color: COLOURS.button }}>
        {label}
      </Link>
    </Text>
  );
}

/** The greeting at the end: "Vänliga hälsningar", "Kassa". */
export function Signature({ lines }: { lines: readonly string[] }) {
  return (
    <Text style={paragraphStyle}>
      <Lines lines={lines} />
    </Text>
  );
}

/** Small print under the signature, with a link (a newsletter's unsubscribe link). */
export function FooterLink({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <Text style={smallStyle}>
      {text}{" "}
      <Link href={href} style={{ color: COLOURS.muted }}>
        {label}
      </Link>
    </Text>
  );
}
