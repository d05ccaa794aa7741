"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import type { ReactElement, ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { CloseIcon } from "./icons.js";

export interface DialogProps {
  /** Open state (controlled). Leave it out, with a `trigger`, to let the dialog keep its own. */
  open?: boolean;
  /** Called when the dialog asks to open or close (trigger, close button, Escape, overlay click). */
  onOpenChange?(open: boolean): void;
  /** The element that opens the dialog, usually a `Button`; it must forward its ref. */
  trigger?: ReactElement;
  /** The dialog's heading and accessible name. */
  title: string;
  /** Text under the title, given to the dialog as its description. */
  description?: ReactNode;
  /** The dialog's body: a form, its fields and buttons. */
  children?: ReactNode;
  /** Accessible name of the close button in the corner ("Stäng"). */
  closeLabel: string;
  /** Largest width in pixels (A§2: 350 for the delete-account dialog). Default 448. */
  maxWidthPx?: number;
  /**
   * `"center"` (default) floats the panel in the middle; `"end"` makes it a drawer along the
   * screen's end edge (right in left-to-right languages), full height, for lists like a wishlist.
   */
  placement?: "center" | "end";
  /** Styles the dialog panel. */
  className?: string;
}

/**
 * A modal dialog (Radix Dialog): focus is held inside while open and returns to the trigger on
 * close; Escape, the close button and a click on the backdrop close it.
 *
 * It needs JavaScript and renders nothing of its content on the server. The storefront renders
 * its own fallback for that case, for example a link to `?delete=confirm` that shows the same
 * form as an inline confirmation section, and swaps in the dialog once hydrated.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  closeLabel,
  maxWidthPx = 448,
  placement = "center",
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <RadixDialog.Content
          // Without a description, tell Radix on purpose that there is none.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={clsx(
            "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-white p-6 text-stone-700 shadow-xl focus:outline-hidden",
            placement === "center"
              ? "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg"
              : "inset-y-0 end-0 h-dvh w-[min(100%,calc(100%-3rem))]",
            className,
          )}
          style={{ maxWidth: maxWidthPx }}
        >
          <div className="flex flex-col gap-2 pr-10">
            <RadixDialog.Title className="text-lg font-semibold text-stone-900">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description asChild>
                <div className="text-sm leading-relaxed text-stone-600">{description}</div>
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          <RadixDialog.Close
            aria-label={closeLabel}
            className={clsx(
              "absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-900",
              FOCUS_RING,
            )}
          >
            <CloseIcon className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
