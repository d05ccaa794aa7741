"use client";

import { clsx } from "clsx";
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useState } from "react";
import { describeControl, FieldErrors } from "./FieldErrors.js";
import { UploadIcon } from "./icons.js";
import { Spinner } from "./Spinner.js";
import { useMounted } from "./use-mounted.js";

export interface DropZoneProps {
  /** Id of the file input; its hint is `{id}-hint` and its error list `{id}-errors`. */
  id?: string;
  /** The input's form field name (posted with the form without JavaScript). */
  name: string;
  /** The input's `accept` list. */
  accept?: string;
  /** Default true. */
  multiple?: boolean;
  /** Visible text of the zone: what to do ("Drag files here"). */
  title: string;
  /** The input's label, shown as a button in the zone ("Choose files"). */
  chooseLabel: string;
  /** What may be uploaded: kinds, sizes, count. */
  hint?: ReactNode;
  /** Problems shown under the zone (C§5: too many, too large, type, already uploaded). */
  errors?: string[];
  disabled?: boolean;
  /** The upload is running: the zone shows a spinner and this text, and takes no files. */
  busyLabel?: string;
  /**
   * Called with the files dropped on the zone or chosen in the input, once JavaScript runs. The
   * input is cleared afterwards, so choosing the same file again calls it again. Without
   * JavaScript the chosen files are simply posted with the input's form.
   */
  onFiles?(files: File[]): void;
  className?: string;
}

/**
 * An upload drop zone over a real `<input type="file">`, so it works without JavaScript (the
 * native input, posted with its form), by keyboard (the input takes the focus; the zone shows
 * the focus ring) and with a screen reader (the input is labelled, its hint and errors described).
 * With JavaScript files may also be dropped on the zone, and `onFiles` gets them at once.
 */
export function DropZone({
  id: givenId,
  name,
  accept,
  multiple = true,
  title,
  chooseLabel,
  hint,
  errors,
  disabled = false,
  busyLabel,
  onFiles,
  className,
}: DropZoneProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const mounted = useMounted();
  const [dragging, setDragging] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const { invalid, describedBy } = describeControl(id, errors, hintId);
  const busy = busyLabel !== undefined;
  const takesFiles = mounted && onFiles !== undefined && !disabled && !busy;

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
    if (files.length > 0) onFiles?.(multiple ? files : files.slice(0, 1));
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    if (!takesFiles) return;
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length > 0) onFiles?.(files);
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
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
