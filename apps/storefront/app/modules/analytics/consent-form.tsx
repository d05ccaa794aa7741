import { buttonClasses } from "@kassa/ui";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ConsentChoices } from "./consent";

/** The consent route, where both the banner and the settings page post. */
export const CONSENT_PATH = "/consent";

export interface ConsentFormProps {
  /** Where to go after saving: the page the shopper was on. */
  redirectTo: string;
  /** The choices to show ticked (the settings page); the banner starts with nothing ticked. */
  current?: ConsentChoices | null;
  /** The settings page shows the boxes at once; the banner behind "Choose". */
  expanded?: boolean;
}

/**
 * One form for every choice, posted to `/consent` with an `intent`: "Accept all" and "Reject
 * all" are the same kind of button, side by side, one step each; "Choose" opens the boxes
 * (a `<details>`, so it opens without JavaScript too). Necessary cookies are shown, always on.
 */
export function ConsentForm({ redirectTo, current, expanded = false }: ConsentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const equal = buttonClasses({ variant: "primary", size: "md", className: "min-w-36" });
  const boxes = (
    <fieldset className="mt-3 space-y-3">
      <legend className="sr-only">{t("consent.choose")}</legend>
      <Choice
        id={`${id}-necessary`}
        label={t("consent.necessary")}
        hint={t("consent.necessaryHint")}
        checked
        disabled
      />
      <Choice
        id={`${id}-statistics`}
        name="statistics"
        label={t("consent.statistics")}
        hint={t("consent.statisticsHint")}
        checked={current?.statistics ?? false}
      />
      <Choice
        id={`${id}-marketing`}
        name="marketing"
        label={t("consent.marketing")}
        hint={t("consent.marketingHint")}
        checked={current?.marketing ?? false}
      />
      <button
        type="submit"
        name="intent"
        value="save"
        className={buttonClasses({ variant: "secondary", size: "md" })}
      >
        {t("consent.save")}
      </button>
    </fieldset>
  );
  return (
    <Form
      method="post"
      action={CONSENT_PATH}
      replace
      preventScrollReset
      className="text-sm"
      data-testid="consent-form"
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="accept-all" className={equal}>
          {t("consent.acceptAll")}
        </button>
        <button type="submit" name="intent" value="reject-all" className={equal}>
          {t("consent.rejectAll")}
        </button>
      </div>
      {expanded ? (
        boxes
      ) : (
        <details className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700">
            {t("consent.choose")}
          </summary>
          {boxes}
        </details>
      )}
    </Form>
  );
}

function Choice({
  id,
  name,
  label,
  hint,
  checked,
  disabled = false,
}: {
  id: string;
  name?: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-emerald-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-stone-700">
          {hint}
        </p>
      </div>
    </div>
  );
}
