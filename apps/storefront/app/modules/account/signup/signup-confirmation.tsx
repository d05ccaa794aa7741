import { Card } from "@kassa/ui";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A§2: what replaces the signup form after a signup, or for an address not yet confirmed. */
export function SignupConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t("signup.confirmTitle")} headingLevel={2} tone="success">
      <p data-testid="signup-confirm">{t("signup.confirmBody", { email })}</p>
      <p className="mt-2 text-sm text-stone-600">{t("signup.confirmHint")}</p>
      <p className="mt-4">
        <Link to="/login/" className="font-medium text-emerald-800 underline underline-offset-4">
          {t("account.login")}
        </Link>
      </p>
    </Card>
  );
}
