import { Alert, buttonClasses, ConfirmationSection } from "@kassa/ui";
import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { DeleteFileForm, PrintFileItem } from "./print-file-item";
import { PrintFileUpload } from "./print-file-upload";
import type {
  PrintFileRow,
  PrintFilesActionData,
  PrintFilesToast,
  PrintFilesView,
} from "./print-files-view";

/**
 * The print files card ('Tryckfiler', C§2) of the company screen's media tab: the company's
 * listed files with preview and download for everyone who sees the company, and for its admins
 * and super admins (C§6) the upload widget, the details and the delete. Every action is a form
 * post, so all of it works without JavaScript.
 */
export function PrintFilesCard({
  view,
  companyId,
  actionData,
  confirmRemoval,
  removeHref,
  cancelRemoveHref,
  notify,
}: {
  view: PrintFilesView;
  companyId: string;
  /** The answer of the last print files post that did not redirect. */
  actionData: PrintFilesActionData | undefined;
  /** Without JavaScript: the file whose removal is being confirmed. */
  confirmRemoval: PrintFileRow | null;
  /** The card with one file's delete confirmation (without JavaScript). */
  removeHref(fileId: string): string;
  cancelRemoveHref: string;
  /** Shows a toast (C§8). */
  notify(toast: PrintFilesToast): void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { rows, canManage, limits } = view;
  const deleting =
    navigation.formData?.get("intent") === "delete-file" &&
    navigation.formData.get("fileId") === confirmRemoval?.id;

  return (
    <section aria-labelledby="print-files-title" className="space-y-5" data-testid="print-files">
      <div className="space-y-1">
        <h3 id="print-files-title" className="text-xl font-semibold text-stone-900">
          {t("media.title")}
        </h3>
        <p className="text-stone-700">{t("media.intro")}</p>
      </div>
      {canManage ? null : <Alert variant="info">{t("media.readOnly")}</Alert>}
      {/* Without JavaScript there are no toasts: the failure's toast is said here. */}
      {!hydrated && actionData ? (
        <Alert variant="error" title={actionData.toast.title}>
          {actionData.toast.description}
        </Alert>
      ) : null}
      {canManage ? (
        <PrintFileUpload
          companyId={companyId}
          limits={limits}
          present={rows.map(({ filename, size }) => ({ filename, size }))}
          submissionId={view.submissionId}
          serverProblems={actionData?.intent === "upload-files" ? actionData.problems : []}
          notify={notify}
        />
      ) : null}
      {view.status === "failed" ? <Alert variant="error">{view.message}</Alert> : null}

      {!hydrated && confirmRemoval && canManage ? (
        <ConfirmationSection
          id="remove-file"
          title={t("media.deleteTitle")}
          description={t("media.deleteText", { file: confirmRemoval.filename })}
          headingLevel={4}
          data-testid="remove-file-section"
        >
          <DeleteFileForm
            row={confirmRemoval}
            companyId={companyId}
            busy={deleting}
            cancel={
              <Link to={cancelRemoveHref} className={buttonClasses({ variant: "secondary" })}>
                {t("media.cancel")}
              </Link>
            }
          />
        </ConfirmationSection>
      ) : null}

      {view.status === "loaded" ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-700" data-testid="print-file-count">
            {t("media.count", { count: rows.length, max: limits.maxFiles })}
          </p>
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-stone-700">
              {t("media.empty")}
            </p>
          ) : (
            <ul
              aria-label={t("media.list.caption")}
              className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
              data-testid="print-file-list"
            >
              {rows.map((row) => (
                <PrintFileItem
                  key={row.id}
                  row={row}
                  companyId={companyId}
                  canManage={canManage}
                  removeHref={removeHref(row.id)}
                  answer={actionData?.fileId === row.id ? actionData : undefined}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
