import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  ACCOUNT_DEFAULTS,
  type OrderSignupForm as OrderSignupValues,
  orderSignupSchema,
} from "@kassa/domain";
import { Alert, Button, Card } from "@kassa/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewPasswordFields } from "./new-password-fields";
import { NotificationChoices, TermsAcceptance } from "./signup/notifications-and-terms";
import { SignupConfirmation } from "./signup/signup-confirmation";

export const ORDER_SIGNUP_INTENT = "order-signup";

export interface OrderSignupActionData {
  result: SubmissionResult<string[]>;
  alert: "no-order" | "account-exists" | "failed" | null;
  confirmEmail: string | null;
}

const ALERTS = {
  "no-order": "confirmation.signupNoOrder",
  "account-exists": "confirmation.accountExists",
  failed: "signup.failed",
} as const;

/**
 * The signup from an order (A§3 "the alternate signup form", issue 32), on the confirmation of a
 * guest's order: one password (the signup's rule and criteria list, A§2, A§5), the notification
 * choices ticked to start with, the privacy acceptance. Who the account is for is the order's
 * buyer, named here and read again on the server; nothing of it is posted.
 */
export function OrderSignupForm({
  name,
  email,
  choices,
  actionData,
}: {
  name: string;
  email: string;
  choices: readonly ("email" | "sms" | "postal")[];
  actionData: OrderSignupActionData | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<OrderSignupValues>({
    id: "order-signup",
    lastResult: actionData?.result,
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderSignupSchema }),
  });
  if (actionData?.confirmEmail) {
    return (
      <div className="print:hidden">
        <SignupConfirmation email={actionData.confirmEmail} />
      </div>
    );
  }
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ORDER_SIGNUP_INTENT;
  // After a post the boxes show what was posted; before it, A§3's defaults (all three on).
  const posted = actionData?.result.initialValue as Record<string, unknown> | undefined;
  const ticked = (name: string, byDefault: boolean) => (posted ? posted[name] === "on" : byDefault);
  const defaults = ACCOUNT_DEFAULTS.orderSignupNotifications;
  return (
    <div data-testid="order-signup" className="print:hidden">
      <Card title={t("confirmation.signupTitle")} headingLevel={2}>
        <div className="space-y-4">
          <p>{t("confirmation.signupIntro")}</p>
          <p className="text-sm text-stone-700" data-testid="order-signup-for">
            {t("confirmation.signupFor", { name, email })}
          </p>
          {actionData?.alert ? (
            <Alert variant="error" title={t("account.errorTitle")} role="alert">
              {t(ALERTS[actionData.alert])}
              {actionData.alert === "account-exists" ? (
                <>
                  {" "}
                  <Link
                    to="/login/"
                    className="font-medium text-emerald-800 underline underline-offset-4"
                  >
                    {t("account.login")}
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <input type="hidden" name="intent" value={ORDER_SIGNUP_INTENT} />
            <NewPasswordFields password={fields.password} passwordLabel={t("signup.password")} />
            <NotificationChoices
              choices={choices}
              defaultChecked={{
                email: ticked("allow_email_notifications", defaults.email),
                sms: ticked("allow_phone_notifications", defaults.phone),
                postal: ticked("allow_postal_notifications", defaults.postal),
              }}
            />
            <TermsAcceptance field={fields.terms_accepted} />
            <Button type="submit" busy={submitting} className="min-w-48">
              {submitting ? t("signup.submitting") : t("signup.submit")}
            </Button>
          </Form>
        </div>
      </Card>
    </div>
  );
}
