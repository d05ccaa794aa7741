import { formatOrderDate } from "@kassa/domain";
import {
  type MailLanguage,
  MailLayout,
  Paragraph,
  Signature,
  TextLink,
} from "../mail/mail-layout.js";
import { renderMail } from "../mail/render-mail.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

/** What the customer did: approved, declined, or asked for a change (C§4). */
export type CustomerDecision = "approved" | "declined" | "change-requested";

interface Texts {
  subject: (reference: string, who: string, decision: CustomerDecision) => string;
  greeting: (name: string) => string;
  decided: (who: string, reference: string, when: string, decision: CustomerDecision) => string;
  reason: string;
  change: string;
  link: string;
  signature: string[];
}

const TEXTS: Record<MailLanguage, Texts> = {
  sv: {
    subject: (reference, who, decision) =>
      `Order ${reference}: ${who} ${
        {
          approved: "har godkänt ordern",
          declined: "har avböjt ordern",
          "change-requested": "vill ändra ordern",
        }[decision]
      }`,
    greeting: (name) => (name ? `Hej ${name}!` : "Hej!"),
    decided: (who, reference, when, decision) =>
      `${who} ${
        { approved: "godkände", declined: "avböjde", "change-requested": "bad om en ändring av" }[
          decision
        ]
      } order ${reference} ${when}.`,
    reason: "Anledning",
    change: "Önskad ändring",
    link: "Visa ordern",
    signature: ["Vänliga hälsningar", "Kassa"],
  },
  fi: {
    subject: (reference, who, decision) =>
      `Tilaus ${reference}: ${who} ${
        {
          approved: "hyväksyi tilauksen",
          declined: "hylkäsi tilauksen",
          "change-requested": "pyytää muutosta tilaukseen",
        }[decision]
      }`,
    greeting: (name) => (name ? `Hei ${name}!` : "Hei!"),
    decided: (who, reference, when, decision) =>
      `${who} ${
        {
          approved: "hyväksyi tilauksen",
          declined: "hylkäsi tilauksen",
          "change-requested": "pyysi muutosta tilaukseen",
        }[decision]
      } ${reference} ${when}.`,
    reason: "Syy",
    change: "Pyydetty muutos",
    link: "Näytä tilaus",
    signature: ["Ystävällisin terveisin", "Kassa"],
  },
  en: {
    subject: (reference, who, decision) =>
      `Order ${reference}: ${who} ${
        {
          approved: "approved the order",
          declined: "declined the order",
          "change-requested": "requested a change",
        }[decision]
      }`,
    greeting: (name) => (name ? `Hi ${name},` : "Hi,"),
    decided: (who, reference, when, decision) =>
      `${who} ${
        { approved: "approved", declined: "declined", "change-requested": "requested a change to" }[
          decision
        ]
      } order ${reference} on ${when}.`,
    reason: "Reason",
    change: "Requested change",
    link: "View the order",
    signature: ["Best regards", "Kassa"],
  },
};

function mailLanguage(code: string): MailLanguage {
  const language = code.toLowerCase();
  return language === "fi" || language === "en" ? language : "sv";
}

export interface AgentDecisionMailInput {
  to: string;
  /** The agent's first name; empty for the order desk. */
  recipientName: string;
  /** The recipient's language (`SV`, `FI`, `EN` or lower case). */
  language: string;
  decision: CustomerDecision;
  customerName: string;
  companyName: string | null;
  orderReference: string;
  decidedAt: Date;
  /** The customer's notes of this decision: the decline reason, the change requested. */
  notes: string[];
  orderUrl: string;
}

/** The mail to an agent (or the order desk) about a customer's decision, with its reason. */
export async function agentDecisionMail(input: AgentDecisionMailInput): Promise<OutgoingMail> {
  const language = mailLanguage(input.language);
  const texts = TEXTS[language];
  const who = input.companyName
    ? `${input.customerName} (${input.companyName})`
    : input.customerName;
  const subjectWho = input.companyName ?? input.customerName;
  const when = formatOrderDate(input.decidedAt.toISOString());
  const noteLabel = input.decision === "change-requested" ? texts.change : texts.reason;
  const bodies = await renderMail(
    <MailLayout lang={language}>
      <Paragraph>{texts.greeting(input.recipientName)}</Paragraph>
      <Paragraph>{texts.decided(who, input.orderReference, when, input.decision)}</Paragraph>
      {input.notes.length > 0 ? (
        <Paragraph>{`${noteLabel}:\n${input.notes.join("\n\n")}`}</Paragraph>
      ) : null}
      <TextLink href={input.orderUrl} label={texts.link} />
      <Signature lines={texts.signature} />
    </MailLayout>,
  );
  return {
    to: input.to,
    subject: texts.subject(input.orderReference, subjectWho, input.decision),
    ...bodies,
  };
}
