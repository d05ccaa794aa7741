"use client";

import {
  BYTES_PER_MB,
  checkUploads,
  type PresentUpload,
  printFileText,
  UPLOAD_DEFAULTS,
  type UploadProblem,
  uploadItemType,
} from "@kassa/domain";
import { clsx } from "clsx";
import {
  type ChangeEvent,
  type DragEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { describeControl, FieldErrors } from "./FieldErrors.js";
import { CloseIcon, UploadIcon } from "./icons.js";
import { Spinner } from "./Spinner.js";
import { useMounted } from "./use-mounted.js";

/** C§3 Upload item: a file waiting in the zone's list, with its preview when it is an image. */
export interface UploadItem {
  id: string;
  file: File;
  /** An object URL of the image (`undefined` for a document). */
  preview?: string;
  type: "image" | "document";
}

/**
 * The four messages of C§5, one per problem, given the file's name and the limit it broke. The
 * defaults are the spec's English texts; a shop passes its translations.
 */
export type UploadMessages = Record<
  UploadProblem,
  (values: { file: string; maxFiles: number; maxSizeMb: number }) => string
>;

/** C§5's English messages ("{file}: the file is too large (max 10 MB)", …). */
export const DEFAULT_UPLOAD_MESSAGES: UploadMessages = {
  too_many: ({ file, maxFiles }) => printFileText("too_many", { file, max: maxFiles }),
  too_large: ({ file, maxSizeMb }) => printFileText("too_large", { file, max: maxSizeMb }),
  type_not_supported: ({ file }) => printFileText("type_not_supported", { file }),
  already_uploaded: ({ file }) => printFileText("already_uploaded", { file }),
};

export interface DropZoneProps {
  /** Id of the file input; its hint is `{id}-hint` and its error list `{id}-errors`. */
  id?: string;
  /** The input's form field name (posted with the form without JavaScript). */
  name: string;
  /**
   * The input's `accept` list, also checked for dropped files.
   * @default UPLOAD_DEFAULTS.accept (images, pdf, doc, docx; C§5)
   */
  accept?: string;
  /**
   * The most files, counting `present` and the files waiting in the list (C§5).
   * @default 10
   */
  maxFiles?: number;
  /**
   * The largest file in MB (C§5).
   * @default 10
   */
  maxSizeMb?: number;
  /** Files already added elsewhere (uploaded): counted, and never taken again (same name and size). */
  present?: readonly PresentUpload[];
  /** The messages of the four problems (C§5). @default DEFAULT_UPLOAD_MESSAGES */
  messages?: UploadMessages;
  /**
   * Keep accepted files in a list under the zone (C§3 Upload item: preview, name, remove) and in
   * the input, so the form posts them. Off for a zone whose `onFiles` sends files at once.
   * @default true
   */
  list?: boolean;
  /** The list's remove buttons' names ("Remove logo.png"). @default (name) => `Remove ${name}` */
  removeLabel?(name: string): string;
  /** Told whenever the list changes. */
  onItemsChange?(items: UploadItem[]): void;
  /** Default true. */
  multiple?: boolean;
  /** Visible text of the zone: what to do ("Drag files here"). */
  title: string;
  /** The input's label, shown as a button in the zone ("Choose files"). */
  chooseLabel: string;
  /** What may be uploaded: kinds, sizes, count. */
  hint?: ReactNode;
  /** Problems from elsewhere (the server's), shown under the zone with the zone's own (C§5). */
  errors?: string[];
  disabled?: boolean;
  /** The upload is running: the zone shows a spinner and this text, and takes no files. */
  busyLabel?: string;
  /**
   * Called with the files dropped on the zone or chosen in the input that pass the rules, once
   * JavaScript runs, and with the problems of the others (C§5: each refused file's message is
   * shown under the zone). Without JavaScript the chosen files are simply posted with the input's
   * form, and the server judges them.
   */
  onFiles?(files: File[], refused: { file: File; problem: UploadProblem }[]): void;
  className?: string;
}

let itemCount = 0;

/** Puts `files` into the input, so its form posts them (where the browser lets a script). */
function fillInput(input: HTMLInputElement | null, files: readonly File[]) {
  if (!input || typeof DataTransfer === "undefined") return;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

/**
 * The upload widget of C§5: a drop zone over a real `<input type="file">`, so it works without
 * JavaScript (the native input, posted with its form), by keyboard (the input takes the focus; the
 * zone shows the focus ring) and with a screen reader (the input is labelled, its hint and errors
 * described). With JavaScript, dropped and chosen files are judged by C§5's rules — at most
 * `maxFiles` counting those already added, `maxSizeMb` each, a type of `accept`, never the same
 * name and size twice — each refused one with its own message under the zone; the accepted ones
 * wait in a list with their previews (C§3 Upload item) and in the input, or go to `onFiles` at
 * once (`list={false}`).
 */
export function DropZone({
  id: givenId,
  name,
  accept = UPLOAD_DEFAULTS.accept,
  maxFiles = UPLOAD_DEFAULTS.maxFiles,
  maxSizeMb = UPLOAD_DEFAULTS.maxSizeMb,
  present = [],
  messages = DEFAULT_UPLOAD_MESSAGES,
  list = true,
  removeLabel = (file) => `Remove ${file}`,
  onItemsChange,
  multiple = true,
  title,
  chooseLabel,
  hint,
  errors = [],
  disabled = false,
  busyLabel,
  onFiles,
  className,
}: DropZoneProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const mounted = useMounted();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const shownErrors = [...problems, ...errors];
  const hintId = hint ? `${id}-hint` : undefined;
  const { invalid, describedBy } = describeControl(id, shownErrors, hintId);
  const busy = busyLabel !== undefined;
  const takesFiles = mounted && (list || onFiles !== undefined) && !disabled && !busy;

  // A preview's object URL holds the file's bytes until it is let go.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const held = previews.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
    };
  }, []);

  function changeItems(next: UploadItem[]) {
    setItems(next);
    fillInput(
      input.current,
      next.map((item) => item.file),
    );
    onItemsChange?.(next);
  }

  function take(files: File[]) {
    const check = checkUploads(
      files,
      [...present, ...items.map((item) => ({ name: item.file.name, size: item.file.size }))],
      { accept, maxFiles, maxSizeMb },
    );
    setProblems(
      check.rejected.map(({ file, problem }) =>
        messages[problem]({ file: file.name, maxFiles, maxSizeMb }),
      ),
    );
    onFiles?.(check.accepted, check.rejected);
    if (!list) {
      if (input.current) input.current.value = "";
      return;
    }
    const added = check.accepted.map((file): UploadItem => {
      itemCount += 1;
      const type = uploadItemType(file);
      // No preview where the runtime cannot make one (a test's DOM): the name still shows.
      const preview =
        type === "image" && typeof URL.createObjectURL === "function"
          ? URL.createObjectURL(file)
          : undefined;
      if (preview) previews.current.add(preview);
      return { id: `${id}-item-${itemCount}`, file, preview, type };
    });
    changeItems([...items, ...added]);
  }

  function remove(item: UploadItem) {
    if (item.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    changeItems(items.filter((other) => other.id !== item.id));
    input.current?.focus();
  }

  function over(event: DragEvent<HTMLDivElement>) {
    if (!takesFiles) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    if (!takesFiles) return;
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) take(multiple ? files : files.slice(0, 1));
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    if (!takesFiles) return;
    const files = Array.from(event.target.files ?? []);
    // Chosen again the same file calls again: the input is emptied (or holds the list's files).
    event.target.value = "";
    if (files.length > 0) take(files);
    else if (list)
      fillInput(
        event.target,
        items.map((item) => item.file),
      );
  }

  return (
    <div className={clsx("flex flex-col gap-2", className)}>
      {/* A group (its title names it) that also takes drops; the input is its keyboard control. */}
      <div
        role="group"
        aria-labelledby={`${id}-title`}
        data-testid="drop-zone"
        data-dragging={dragging || undefined}
        aria-busy={busy || undefined}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={clsx(
          "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed bg-white px-4 py-6 text-center transition-colors",
          "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-emerald-700",
          dragging ? "border-emerald-600 bg-emerald-50" : "border-stone-300",
          invalid && !dragging && "border-red-300",
          (disabled || busy) && "opacity-75",
        )}
      >
        {busy ? (
          <p className="flex items-center gap-2 font-medium text-stone-800">
            <Spinner className="size-5 text-emerald-700" />
            <span id={`${id}-title`} role="status">
              {busyLabel}
            </span>
          </p>
        ) : (
          <>
            <UploadIcon className="size-8 text-stone-500" />
            <p id={`${id}-title`} className="font-medium text-stone-900">
              {title}
            </p>
          </>
        )}
        <label
          htmlFor={id}
          className={clsx(
            "inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-900",
            mounted ? "cursor-pointer hover:border-stone-400 hover:bg-stone-50" : "sr-only",
            (disabled || busy) && "pointer-events-none",
          )}
        >
          {chooseLabel}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={disabled || busy}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={choose}
          // Without JavaScript the native input is the control (it shows the chosen files); with
          // it, the label above is the button and the input stays reachable by keyboard.
          className={
            mounted
              ? "sr-only"
              : "max-w-full text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-medium"
          }
        />
        {hint ? (
          <p id={hintId} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
      <FieldErrors id={id} errors={shownErrors} />
      {list && items.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="drop-zone-items">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-2"
            >
              {item.preview ? (
                <img src={item.preview} alt="" className="size-12 rounded object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded bg-stone-100 text-xs font-semibold text-stone-600 uppercase"
                >
                  {/\.([a-z0-9]{1,4})$/i.exec(item.file.name)?.[1] ?? "doc"}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-stone-900">
                  {item.file.name}
                </span>
                <span className="block text-xs text-stone-600 tabular-nums">
                  {item.file.size >= BYTES_PER_MB
                    ? `${(item.file.size / BYTES_PER_MB).toFixed(1)} MB`
                    : `${Math.max(1, Math.round(item.file.size / 1024))} KB`}
                </span>
              </span>
              <button
                type="button"
                onClick={() => remove(item)}
                aria-label={removeLabel(item.file.name)}
                className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                <CloseIcon className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
