import { LOGO_TYPES } from "@kassa/domain";
import { Badge, Button, buttonClasses, Dialog, Field, Input, Select, Spinner } from "@kassa/ui";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { PrintFileRow, PrintFilesActionData } from "./print-files-view";

const LOGO_TYPE_TEXT = {
  primary: "media.logoTypes.primary",
  secondary: "media.logoTypes.secondary",
  alternative: "media.logoTypes.alternative",
} as const;

/** A picture of the file, or its format in a plain box when there is none (a PDF). */
function Thumbnail({ row }: { row: PrintFileRow }) {
  const { t } = useTranslation();
  const box =
    "flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-[repeating-conic-gradient(#f5f5f4_0_25%,#ffffff_0_50%)] bg-[length:16px_16px]";
  if (!row.previewUrl) {
    return (
      <div className={box}>
        <span className="text-sm font-semibold text-stone-600" aria-hidden="true">
          {row.format}
        </span>
        <span className="sr-only">{t("media.list.noPreview")}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        src={row.previewUrl}
        alt={t("media.list.previewAlt", { file: row.filename })}
        width={96}
        height={96}
        loading="lazy"
        className="size-full object-contain p-1"
      />
    </div>
  );
}

/**
 * C§2 preview: with JavaScript the picture in a dialog; without it a link that opens the picture
 * in a new tab.
 */
function PreviewAction({ row }: { row: PrintFileRow }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!row.previewUrl) return null;
  const label = t("media.previewFile", { file: row.filename });
  if (!hydrated) {
    return (
      <a
        href={row.previewUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        {t("media.preview")}
      </a>
    );
  }
  return (
    <Dialog
      title={row.filename}
      closeLabel={t("media.closePreview")}
      maxWidthPx={720}
      trigger={
        <Button variant="secondary" size="sm" aria-label={label}>
          {t("media.preview")}
        </Button>
      }
    >
      {/* At most its own size: a small preview is not blown up into blocks. */}
      <div className="flex justify-center rounded-lg border border-stone-200 bg-[repeating-conic-gradient(#f5f5f4_0_25%,#ffffff_0_50%)] bg-[length:16px_16px] p-2">
        <img
          src={row.previewUrl}
          alt={t("media.list.previewAlt", { file: row.filename })}
          className="block h-auto max-h-[70dvh] max-w-full object-contain"
        />
      </div>
    </Dialog>
  );
}

/** The hidden fields of a post about one file. */
function FileFields({
  intent,
  companyId,
  fileId,
}: {
  intent: string;
  companyId: string;
  fileId: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="company" value={companyId} />
      <input type="hidden" name="fileId" value={fileId} />
    </>
  );
}

/** C§2 delete: asks first (are you sure, this cannot be undone), then posts. */
export function DeleteFileForm({
  row,
  companyId,
  busy = false,
  onSubmit,
  cancel,
}: {
  row: PrintFileRow;
  companyId: string;
  busy?: boolean;
  onSubmit?(): void;
  cancel: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-wrap justify-end gap-3"
      onSubmit={onSubmit}
    >
      <FileFields intent="delete-file" companyId={companyId} fileId={row.id} />
      {cancel}
      <Button type="submit" variant="danger" busy={busy}>
        {t("media.deleteConfirm")}
      </Button>
    </Form>
  );
}

function DeleteAction({
  row,
  companyId,
  removeHref,
}: {
  row: PrintFileRow;
  companyId: string;
  removeHref: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = t("media.deleteFile", { file: row.filename });
  if (!hydrated) {
    return (
      <a
        href={`${removeHref}#remove-file`}
        aria-label={label}
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        {t("media.delete")}
      </a>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("media.deleteTitle")}
      description={t("media.deleteText", { file: row.filename })}
      closeLabel={t("media.cancel")}
      trigger={
        <Button variant="secondary" size="sm" aria-label={label}>
          {t("media.delete")}
        </Button>
      }
    >
      <DeleteFileForm
        row={row}
        companyId={companyId}
        onSubmit={() => setOpen(false)}
        cancel={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("media.cancel")}
          </Button>
        }
      />
    </Dialog>
  );
}

/** C§7 PUT: the logo type and the description, in a disclosure that works without JavaScript. */
function EditDetails({
  row,
  companyId,
  answer,
  saving,
}: {
  row: PrintFileRow;
  companyId: string;
  /** The last update of this file, when it failed. */
  answer: PrintFilesActionData | undefined;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const id = (field: string) => `file-${row.id}-${field}`;
  return (
    <details className="col-span-2 sm:col-span-3" open={answer ? true : undefined}>
      <summary
        // The visible text is short; the name says which file (it begins with the visible text).
        aria-label={t("media.editFile", { file: row.filename })}
        className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-1 text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        {t("media.edit")}
      </summary>
      <Form
        method="post"
        preventScrollReset
        className="mt-3 grid gap-4 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
      >
        <FileFields intent="update-file" companyId={companyId} fileId={row.id} />
        <Field
          label={t("media.list.logoType")}
          id={id("logo-type")}
          errors={answer?.fieldErrors?.logoType}
        >
          <Select name="logoType" defaultValue={row.logoType}>
            {LOGO_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(LOGO_TYPE_TEXT[type])}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("media.description")}
          id={id("description")}
          errors={answer?.fieldErrors?.description}
        >
          <Input name="description" defaultValue={row.description} maxLength={500} />
        </Field>
        <Button type="submit" variant="secondary" busy={saving} className="sm:mt-7">
          {saving ? t("media.saving") : t("media.save")}
        </Button>
      </Form>
    </details>
  );
}

/**
 * One print file of the card (C§2, C§3): its picture, name, logo type, format and size, and
 * preview and download for everyone; change and delete for the company's admins (C§6).
 */
export function PrintFileItem({
  row,
  companyId,
  canManage,
  removeHref,
  answer,
}: {
  row: PrintFileRow;
  companyId: string;
  canManage: boolean;
  /** Without JavaScript: the card with this file's delete confirmation. */
  removeHref: string;
  /** The last failed post about this file. */
  answer: PrintFilesActionData | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending =
    navigation.formData?.get("fileId") === row.id
      ? String(navigation.formData.get("intent"))
      : undefined;
  return (
    <li
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 p-4 sm:grid-cols-[auto_1fr_auto] sm:items-center"
      aria-busy={pending === "delete-file" || undefined}
      data-testid="print-file"
      data-file-id={row.id}
    >
      <Thumbnail row={row} />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-all text-stone-900">{row.filename}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
          <Badge variant={row.logoType === "primary" ? "success" : "neutral"}>
            <span className="sr-only">{t("media.list.logoType")}: </span>
            {t(LOGO_TYPE_TEXT[row.logoType])}
          </Badge>
          <span>{row.format}</span>
          <span aria-hidden="true">·</span>
          <span>{row.sizeText}</span>
          {row.converted ? <Badge variant="info">{t("media.list.converted")}</Badge> : null}
        </p>
        {row.description ? <p className="text-sm text-stone-700">{row.description}</p> : null}
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:justify-end">
        {pending === "delete-file" ? (
          <span className="inline-flex min-h-11 items-center text-stone-700">
            <Spinner label={t("media.deleting", { file: row.filename })} />
          </span>
        ) : (
          <>
            <PreviewAction row={row} />
            <a
              href={row.downloadUrl}
              aria-label={t("media.downloadFile", { file: row.filename })}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              {t("media.download")}
            </a>
            {canManage ? (
              <DeleteAction row={row} companyId={companyId} removeHref={removeHref} />
            ) : null}
          </>
        )}
      </div>
      {canManage ? (
        <EditDetails
          row={row}
          companyId={companyId}
          answer={answer?.intent === "update-file" ? answer : undefined}
          saving={pending === "update-file"}
        />
      ) : null}
    </li>
  );
}
