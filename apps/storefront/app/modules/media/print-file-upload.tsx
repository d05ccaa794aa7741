import {
  checkPrintFileUploads,
  isVectorPrintFile,
  PRINT_FILE_ACCEPT,
  type PresentPrintFile,
  printFileKindOf,
  printFileMaxBytes,
} from "@kassa/domain";
import { Button, DropZone } from "@kassa/ui";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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
 * The upload widget of the print files card (C§2, C§4, C§5): a drop zone with the error list under
 * it. With JavaScript, dropped or chosen files are judged at once by the rules the server uses
 * (too many, too large, type, already uploaded); the good ones are sent straight away while the
 * zone says what is happening (C§4: 'converting' for a vector file). Without JavaScript it is a
 * plain multipart form, and the server answers the same messages.
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
  const [problems, setProblems] = useState<string[]>(serverProblems);
  const sent = useRef(0);

  // The server's answer to a sent batch: its problems join the list, its toast is shown.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.kind !== "print-files") return;
    setProblems((shown) => [...shown, ...answer.problems]);
    notify(answer.toast);
  }, [answer, notify]);

  const sending = fetcher.state !== "idle";
  const converting = sending && (fetcher.formData?.getAll("file").some(isVectorFile) ?? false);

  function upload(files: File[]) {
    const check = checkPrintFileUploads(
      files.map((file) => ({
        name: file.name,
        size: file.size,
        kind: printFileKindOf(file),
        file,
      })),
      present,
      { maxFiles: limits.maxFiles, maxFileSizeBytes: printFileMaxBytes(limits.maxSizeMb) },
    );
    const refused = check.rejected.map(({ file, problem }) =>
      printFileProblemText(t, problem, file.name, limits),
    );
    setProblems(refused);
    if (refused.length > 0) {
      notify({
        variant: "error",
        title: t("media.toast.notUploaded", { count: refused.length }),
      });
    }
    if (check.accepted.length === 0) return;
    const form = new FormData();
    form.set("intent", "upload-files");
    form.set("company", companyId);
    sent.current += 1;
    form.set("submissionId", `${submissionId}-${sent.current}`);
    for (const { file } of check.accepted) form.append("file", file, file.name);
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
