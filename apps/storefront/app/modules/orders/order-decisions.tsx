import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { declineOrderSchema, type OrderDecision, requestOrderChangeSchema } from "@kassa/domain";
import { Alert, Button, buttonClasses, Dialog, Field, Textarea } from "@kassa/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { translateErrors } from "~/modules/http/form-errors";

/** What the order page's action answers when it did not redirect. */
export interface DecisionActionData {
  intent: OrderDecision;
  result: SubmissionResult<string[]>;
  /** C§8: the order action failed: the platform's message, or none ('Something went wrong'). */
  failed: { message?: string } | null;
  /** The order no longer awaits the customer. */
  notAwaiting: boolean;
}

/** The decision a page without JavaScript shows as a section (`?decision=`), else none. */
export type InlineDecision = Exclude<OrderDecision, "approve"> | null;

interface DecisionsProps {
  orderId: string;
  /** Which decisions the order offers the user (C§4, C§6: `availableDecisions`). */
  available: Record<OrderDecision, boolean>;
  inline: InlineDecision;
  /** Sent with every decision: a double-submitted form writes its note once. */
  submissionId: string;
  actionData: DecisionActionData | undefined;
  /** The order page's path, where a section's Cancel goes back to. */
  orderPath: string;
}

/**
 * The customer's decisions on an order awaiting them (C§2, C§4): Approve posts at once; Decline
 * (a 4-row reason, optional) and Request Change (the change, required) ask in a dialog with
 * JavaScript, and in a section of the page reached by a link without it. Every one is a real form
 * that posts to the order page.
 */
export function OrderDecisions(props: DecisionsProps) {
  const { t } = useTranslation();
  const { available, actionData } = props;
  const navigation = useNavigation();
  const approving = navigation.state !== "idle" && navigation.formData?.get("intent") === "approve";
  return (
    <section
      aria-labelledby="decisions-title"
      id="decision"
      className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-5"
      data-testid="order-decisions"
    >
      <h2 id="decisions-title" className="text-lg font-semibold text-stone-900">
        {t("orders.decisions.heading")}
      </h2>
      <p className="text-sm text-stone-800">{t("orders.decisions.awaiting")}</p>
      {actionData?.failed ? (
        <Alert variant="error" title={t("orders.decisions.failed")} role="alert">
          {actionData.failed.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {available.approve ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="orderId" value={props.orderId} />
            <input type="hidden" name="submissionId" value={props.submissionId} />
            <Button type="submit" busy={approving}>
              {t("orders.decisions.approve")}
            </Button>
          </Form>
        ) : null}
        {available.decline ? <DecisionPrompt kind="decline" {...props} /> : null}
        {available["request-change"] ? <DecisionPrompt kind="request-change" {...props} /> : null}
      </div>
    </section>
  );
}

const TEXTS = {
  decline: {
    open: "orders.decisions.decline",
    title: "orders.decisions.declineTitle",
    text: "orders.decisions.declineText",
    field: "orders.decisions.declineReason",
    submit: "orders.decisions.declineSubmit",
    name: "reason",
  },
  "request-change": {
    open: "orders.decisions.requestChange",
    title: "orders.decisions.requestChangeTitle",
    text: "orders.decisions.requestChangeText",
    field: "orders.decisions.change",
    submit: "orders.decisions.requestChangeSubmit",
    name: "change",
  },
} as const;

/** The trigger of a decline or change request and its form: a dialog, or a section without JavaScript. */
function DecisionPrompt({
  kind,
  orderId,
  inline,
  submissionId,
  actionData,
  orderPath,
}: DecisionsProps & { kind: Exclude<OrderDecision, "approve"> }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const texts = TEXTS[kind];
  const refused = actionData?.intent === kind && actionData.result.status === "error";
  const [open, setOpen] = useState(refused);
  const posting = navigation.formData?.get("intent") === kind;

  // When this dialog's post is over, it stays open only if the answer refused it (what was typed
  // and why stay on screen); a redirect to the order closes it. Judged at the end, not on the
  // passing "loading" state: navigation updates are transitions, and React may skip rendering one
  // a faster update overtakes (in WebKit it did, and the dialog stayed open over the answer).
  const wasPosting = useRef(false);
  useEffect(() => {
    if (posting) wasPosting.current = true;
    else if (wasPosting.current && navigation.state === "idle") {
      wasPosting.current = false;
      setOpen(refused);
    }
  }, [posting, navigation.state, refused]);

  const form = (cancel: "dialog" | "link") => (
    <DecisionForm
      kind={kind}
      orderId={orderId}
      submissionId={submissionId}
      lastResult={actionData?.intent === kind ? actionData.result : undefined}
      busy={posting && navigation.state !== "idle"}
      cancel={
        cancel === "dialog" ? (
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t("orders.decisions.cancel")}
          </Button>
        ) : (
          <Link to={orderPath} className={buttonClasses({ variant: "secondary" })}>
            {t("orders.decisions.cancel")}
          </Link>
        )
      }
    />
  );

  if (hydrated) {
    return (
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t(texts.title)}
        description={t(texts.text)}
        closeLabel={t("orders.decisions.cancel")}
        trigger={
          <Button type="button" variant={kind === "decline" ? "danger" : "secondary"}>
            {t(texts.open)}
          </Button>
        }
      >
        {form("dialog")}
      </Dialog>
    );
  }
  if (inline === kind || refused) {
    return (
      <section
        aria-labelledby={`${kind}-title`}
        className="w-full space-y-3 rounded-xl border border-stone-200 bg-white p-5"
        data-testid={`${kind}-section`}
      >
        <h3 id={`${kind}-title`} className="text-lg font-semibold text-stone-900">
          {t(texts.title)}
        </h3>
        <p className="text-sm text-stone-700">{t(texts.text)}</p>
        {form("link")}
      </section>
    );
  }
  return (
    <a
      href={`?decision=${kind}#decision`}
      className={buttonClasses({ variant: kind === "decline" ? "danger" : "secondary" })}
    >
      {t(texts.open)}
    </a>
  );
}

function DecisionForm({
  kind,
  orderId,
  submissionId,
  lastResult,
  busy,
  cancel,
}: {
  kind: Exclude<OrderDecision, "approve">;
  orderId: string;
  submissionId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  cancel: React.ReactNode;
}) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  const schema = kind === "decline" ? declineOrderSchema : requestOrderChangeSchema;
  const [form, fields] = useForm({
    id: `${kind}-form`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const field = kind === "decline" ? fields.reason : fields.change;
  const errors = translateErrors(field.errors, t);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <Field label={t(texts.field)} id={`${kind}-text`} errors={errors}>
        <Textarea
          {...getTextareaProps(field)}
          id={`${kind}-text`}
          name={texts.name}
          rows={4}
          placeholder={kind === "decline" ? t("orders.decisions.declinePlaceholder") : undefined}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        {cancel}
        <Button type="submit" variant={kind === "decline" ? "danger" : "primary"} busy={busy}>
          {t(texts.submit)}
        </Button>
      </div>
    </Form>
  );
}
