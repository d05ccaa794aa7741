import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { GIFT_CARD_TEMPLATE_IDS, isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import {
  GIFT_CARD_AMOUNT_CHOICES,
  GIFT_CARD_AMOUNT_RANGE,
  GIFT_CARD_PRODUCT_MESSAGES,
  giftCardAmountToLoad,
  giftCardProductSchema,
  MAX_GIFT_CARD_MESSAGE_LENGTH,
  MAX_GIFT_CARD_RECIPIENTS_PER_ORDER,
  TOO_MANY_GIFT_CARD_RECIPIENTS,
} from "@kassa/domain";
import { Alert, Button, Field, Input, RadioGroup } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { newSessionAttributes } from "~/modules/account/company-attributes.server";
import {
  cartTokenCookie,
  ensureCartSession,
  loadCartSession,
  sessionInputFor,
} from "~/modules/cart/cart.server";
import { backendErrorResponse } from "~/modules/http/backend-errors.server";
import { shopperClient } from "~/modules/http/clients.server";
import { translateErrors } from "~/modules/http/form-errors";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { parseLocaleSegment } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { throwNotFound } from "~/modules/http/not-found.server";
import { publicPageMeta } from "~/modules/http/page-meta";
import { rememberPathLocale } from "~/modules/http/request-locale.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { shareOf } from "~/modules/http/share.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";

/** A whole amount of the market's currency, as the page and the toast show it ("500 kr", "50 €"). */
function formatAmount(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** `/presentkort`: buy a gift card that is mailed to someone else; it becomes a cart line. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  const [market, t] = await Promise.all([marketOf(request), translatorFor(request)]);
  const range = GIFT_CARD_AMOUNT_RANGE[market.currency];
  return {
    title: `${t("giftCardShop.title")} – ${t("meta.siteName")}`,
    description: t("giftCardShop.intro"),
    share: await shareOf(request),
    currency: market.currency,
    amounts: GIFT_CARD_AMOUNT_CHOICES[market.currency].map((amount) => ({
      value: String(amount),
      label: formatAmount(amount, market.currency, market.locale),
    })),
    range: {
      min: formatAmount(range.min, market.currency, market.locale),
      max: formatAmount(range.max, market.currency, market.locale),
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  const formData = await request.formData();
  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  // The amount is in the shopper's market's currency, whatever the post says.
  formData.set("currency", market.currency);
  const submission = parseWithZod(formData, { schema: giftCardProductSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), failure: null }, { status: 400 });
  }
  const form = submission.value;

  // Buying on a page of another locale than the remembered one makes it the shopper's.
  const setCookies: string[] = await rememberPathLocale(request);
  // A§4: a company user's new session starts with the company attributes.
  const forNewSession = newSessionAttributes(request, context);
  try {
    const session = await ensureCartSession(
      await loadCartSession(request),
      sessionInputFor(market, language, storeGroup),
      context.clientAddress,
      forNewSession.attributes,
    );
    setCookies.push(await cartTokenCookie(session.token));
    await shopperClient(session.token).addGiftCardProduct({
      amountToLoad: giftCardAmountToLoad(form),
      templateId: form.templateId,
      receivingEmail: form.receivingEmail,
      senderName: form.senderName,
      message: form.message,
      market: market.country,
      lang: language,
      store: storeGroup,
    });
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) {
      // The platform refused the card (its 4xx message is shown on the form; the recipient cap
      // in the shopper's language).
      const tooManyRecipients =
        (error.body as { error?: unknown } | undefined)?.error === TOO_MANY_GIFT_CARD_RECIPIENTS;
      return data(
        {
          result: submission.reply(),
          failure: tooManyRecipients
            ? t("giftCardShop.errors.tooManyRecipients", {
                count: MAX_GIFT_CARD_RECIPIENTS_PER_ORDER,
              })
            : error.errors.length > 0
              ? error.errors.join(" ")
              : error.message,
        },
        {
          status: 400,
          headers: headersSettingCookies([...forNewSession.setCookies, ...setCookies]),
        },
      );
    }
    backendErrorResponse(error);
  }
  return redirectWithToast(
    "/cart",
    {
      variant: "success",
      title: t("giftCardShop.added", {
        amount: formatAmount(form.amount, market.currency, market.locale),
        email: form.receivingEmail,
      }),
    },
    [...forNewSession.setCookies, ...setCookies],
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, {
    title: data?.title ?? "Kassa",
    description: data?.description,
    share: data?.share,
  });

/** The amount's errors carry the market's range. */
function amountErrors(
  errors: string[] | undefined,
  t: TFunction,
  range: { min: string; max: string },
): string[] | undefined {
  return errors?.map((key) =>
    key === GIFT_CARD_PRODUCT_MESSAGES.amountOutOfRange
      ? t("giftCardShop.errors.amountOutOfRange", range)
      : t(key as "validation.invalid", { defaultValue: key }),
  );
}

export default function GiftCardShopPage() {
  const { currency, amounts, range } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { currency, amount: amounts[1]?.value, templateId: GIFT_CARD_TEMPLATE_IDS[0] },
    constraint: getZodConstraint(giftCardProductSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giftCardProductSchema }),
  });
  const paths = useLocalePaths();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith(paths.to("/presentkort"));

  return (
    <PageFrame title={t("giftCardShop.title")}>
      <p className="text-stone-700">{t("giftCardShop.intro")}</p>
      {actionData?.failure ? (
        <Alert variant="error" title={t("giftCardShop.failedTitle")}>
          {actionData.failure}
        </Alert>
      ) : null}
      <Form
        method="post"
        action={paths.to("/presentkort")}
        {...getFormProps(form)}
        className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6"
      >
        <input type="hidden" name={fields.currency.name} value={currency} />
        <RadioGroup
          legend={t("giftCardShop.amount")}
          name={fields.amount.name}
          id={fields.amount.id}
          defaultValue={fields.amount.initialValue as string | undefined}
          errors={amountErrors(fields.amount.errors, t, range)}
          options={amounts}
        />
        <RadioGroup
          legend={t("giftCardShop.design")}
          name={fields.templateId.name}
          id={fields.templateId.id}
          defaultValue={fields.templateId.initialValue as string | undefined}
          errors={translateErrors(fields.templateId.errors, t)}
          options={GIFT_CARD_TEMPLATE_IDS.map((design) => ({
            value: design,
            label: t(`giftCardShop.designs.${design}`),
          }))}
        />
        <Field
          label={t("giftCardShop.receivingEmail")}
          id={fields.receivingEmail.id}
          errors={translateErrors(fields.receivingEmail.errors, t)}
        >
          <Input {...getInputProps(fields.receivingEmail, { type: "email" })} autoComplete="off" />
        </Field>
        <Field
          label={t("giftCardShop.senderName")}
          id={fields.senderName.id}
          errors={translateErrors(fields.senderName.errors, t)}
        >
          <Input {...getInputProps(fields.senderName, { type: "text" })} autoComplete="name" />
        </Field>
        <Field
          label={t("giftCardShop.message")}
          id={fields.message.id}
          errors={translateErrors(fields.message.errors, t)}
        >
          <textarea
            {...getTextareaProps(fields.message)}
            maxLength={MAX_GIFT_CARD_MESSAGE_LENGTH}
            rows={4}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-700/30 aria-[invalid=true]:border-red-600"
          />
        </Field>
        <Button type="submit" busy={submitting} className="w-full">
          {submitting ? t("giftCardShop.submitting") : t("giftCardShop.submit")}
        </Button>
      </Form>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
