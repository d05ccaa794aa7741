"use client";

import { clsx } from "clsx";
import { forwardRef, type Ref, useCallback, useEffect, useRef, useState } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { Input, type InputProps } from "./Input.js";
import { EyeIcon, EyeOffIcon } from "./icons.js";
import { useMounted } from "./use-mounted.js";

export interface PasswordInputProps extends Omit<InputProps, "type"> {
  /** Accessible name of the toggle while the password is hidden ("Visa lösenord"). */
  revealLabel: string;
  /** Accessible name of the toggle while the password is shown ("Dölj lösenord"). */
  hideLabel: string;
  /** Styles the wrapper, which sets the width (as on `Select`). */
  className?: string;
}

/**
 * A password `Input` with a button that shows and hides the password (`aria-pressed` is true
 * while it is shown). Put it in a `Field` like an `Input`: `id`, `name`, `autoComplete`,
 * `aria-invalid`, `aria-describedby` and the ref all reach the `<input>`.
 *
 * The toggle needs JavaScript, so it renders only after hydration; on the server and without
 * JavaScript this is a plain password input. The password is hidden again when its form is
 * submitted, so browsers do not store it as ordinary text.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput({ revealLabel, hideLabel, className, ...props }, ref) {
    const mounted = useMounted();
    const [revealed, setRevealed] = useState(false);
    const inputRef = useRef<HTMLInputElement | null>(null);
    const setRefs = useCallback(
      (node: HTMLInputElement | null) => {
        inputRef.current = node;
        assignRef(ref, node);
      },
      [ref],
    );

    useEffect(() => {
      const form = inputRef.current?.form;
      if (!form || !revealed) return;
      const hide = () => setRevealed(false);
      form.addEventListener("submit", hide);
      return () => form.removeEventListener("submit", hide);
    }, [revealed]);

    return (
      <div className={clsx("relative", className)}>
        <Input
          ref={setRefs}
          {...props}
          type={revealed ? "text" : "password"}
          className={clsx("[&::-ms-reveal]:hidden", mounted && "pr-12")}
        />
        {mounted ? (
          <button
            type="button"
            aria-label={revealed ? hideLabel : revealLabel}
            aria-pressed={revealed}
            aria-controls={props.id}
            disabled={props.disabled}
            onClick={() => setRevealed((value) => !value)}
            className={clsx(
              "absolute top-1/2 right-0 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-stone-500 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-50",
              FOCUS_RING,
            )}
          >
            {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        ) : null}
      </div>
    );
  },
);

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
