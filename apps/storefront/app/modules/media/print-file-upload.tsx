import {
  isVectorPrintFile,
  PRINT_FILE_ACCEPT,
  type PresentPrintFile,
  printFileKindOf,
  type UploadProblem,
} from "@kassa/domain";
import { Button, DropZone, type UploadMessages } from "@kassa/ui";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { printFileProblemText } from "./print-file-problems";
import type {
  PrintFileLimitsView,
  PrintFilesActionData,
  PrintFilesToast,
} from "./print-files-view";

/** The fetcher that carries an upload while the page stays as it is. */
export const PRINT_FILE_UPLOAD_FETCHER = "print-file-upload";

function isVectorFile(value: FormDataEntryValue): boolean {
  if (typeof value === "string") return false;
  const kind = printFileKindOf(value);
  return kind !== undefined && isVectorPrintFile(kind);
}

/**
 * The upload widget of the print files card (C§2, C§4, C§5): `@kassa/ui`'s widget configured with
 * the print files' rules (their count, size and kinds, and the company's files as those already
 * added). With JavaScript, dropped or chosen files are judged at once by the same rules the server
 * uses (too many, too large, type, already uploaded); the good ones are sent straight away, not
 * listed, while the zone says what is happening (C§4: 'converting' for a vector file). Without
 * JavaScript it is a plain multipart form, and the server answers the same messages.
 */
export function PrintFileUpload({
  companyId,
  limits,
  present,
  submissionId,
  serverProblems,
  notify,
}: {
  companyId: string;
  limits: PrintFileLimitsView;
  /** The company's listed files: a new file is counted with them and must not repeat one. */
  present: readonly PresentPrintFile[];
  submissionId: string;
  /** The problems of the last upload posted without JavaScript. */
  serverProblems: string[];
  /** Shows a toast (C§8). */
  notify(toast: PrintFilesToast): void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<PrintFilesActionData>({ key: PRINT_FILE_UPLOAD_FETCHER });
  // The server's problems: those of a post without JavaScript, then of each sent batch. The
  // widget shows its own (found before sending) beside them.
  const [problems, setProblems] = useState<string[]>(serverProblems);
  const sent = useRef(0);
  const messages = useMemo<UploadMessages>(() => {
    const text =
      (problem: UploadProblem) =>
      ({ file }: { file: string }) =>
        printFileProblemText(t, problem, file, limits);
    return {
      too_many: text("too_many"),
      too_large: text("too_large"),
      type_not_supported: text("type_not_supported"),
      already_uploaded: text("already_uploaded"),
    };
  }, [t, limits]);

  // The server's answer to a sent batch: its problems join the list, its toast is shown.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.kind !== "print-files") return;
    setProblems((shown) => [...shown, ...answer.problems]);
    notify(answer.toast);
  }, [answer, notify]);

  const sending = fetcher.state !== "idle";
  const converting = sending && (fetcher.formData?.getAll("file").some(isVectorFile) ?? false);

  function upload(accepted: File[], refused: readonly unknown[]) {
    setProblems([]);
    if (refused.length > 0) {
      notify({
        variant: "error",
        title: t("media.toast.notUploaded", { count: refused.length }),
      });
    }
    if (accepted.length === 0) return;
    const form = new FormData();
    form.set("intent", "upload-files");
    form.set("company", companyId);
    sent.current += 1;
    form.set("submissionId", `${submissionId}-${sent.current}`);
    for (const file of accepted) form.append("file", file, file.name);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className="space-y-3"
      aria-labelledby="print-file-upload-title"
      data-testid="print-file-upload"
    >
      <h4 id="print-file-upload-title" className="text-lg font-semibold text-stone-900">
        {t("media.upload.title")}
      </h4>
      <input type="hidden" name="intent" value="upload-files" />
      <input type="hidden" name="company" value={companyId} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <DropZone
        id="print-file-input"
        name="file"
        accept={PRINT_FILE_ACCEPT}
        maxFiles={limits.maxFiles}
        maxSizeMb={limits.maxSizeMb}
        present={present.map((file) => ({ name: file.filename, size: file.size }))}
        messages={messages}
        list={false}
        title={t("media.upload.dropTitle")}
        chooseLabel={t("media.upload.choose")}
        hint={t("media.upload.hint", { maxSize: limits.maxSizeMb, maxFiles: limits.maxFiles })}
        errors={problems}
        busyLabel={
          sending ? t(converting ? "media.upload.converting" : "media.upload.uploading") : undefined
        }
        onFiles={upload}
      />
      {hydrated ? null : (
        <Button type="submit" variant="primary">
          {t("media.upload.submit")}
        </Button>
      )}
    </Form>
  );
}
