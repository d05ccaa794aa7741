import { clsx } from "clsx";
import { useId } from "react";
import { CheckIcon, CloseIcon } from "./icons.js";

export interface PasswordCriterion {
  id: string;
  /** "Minst 10 tecken", "En siffra", "Ett specialtecken" */
  label: string;
  met: boolean;
}

export interface PasswordCriteriaProps {
  /** Shown above the list and names it ("Lösenordet ska ha"). */
  title?: string;
  items: PasswordCriterion[];
  /** Visually hidden text after a met criterion ("uppfyllt"). */
  metLabel: string;
  /** Visually hidden text after an unmet criterion ("inte uppfyllt"). */
  unmetLabel: string;
  /** Id of the list, so the password input can name it in `aria-describedby`. */
  id?: string;
  className?: string;
}

/**
 * The live list of password rules under a password field (A§2 signup): a tick or a cross per
 * rule, with the state also in visually hidden text. The list is a polite live region and each
 * item is atomic, so a rule that changes is read out whole ("En siffra, uppfyllt").
 */
export function PasswordCriteria({
  title,
  items,
  metLabel,
  unmetLabel,
  id,
  className,
}: PasswordCriteriaProps) {
  const titleId = useId();
  return (
    <div className={clsx("flex flex-col gap-1.5 text-sm", className)}>
      {title ? (
        <p id={titleId} className="font-medium text-stone-700">
          {title}
        </p>
      ) : null}
      <ul
        id={id}
        aria-labelledby={title ? titleId : undefined}
        aria-live="polite"
        className="flex flex-col gap-1"
      >
        {items.map((item) => (
          <li
            key={item.id}
            aria-atomic="true"
            data-met={item.met}
            className={clsx(
              "flex items-center gap-2",
              item.met ? "text-emerald-800" : "text-stone-600",
            )}
          >
            {item.met ? (
              <CheckIcon className="size-4 shrink-0 text-emerald-700" />
            ) : (
              <CloseIcon className="size-4 shrink-0 text-stone-400" />
            )}
            <span>{item.label}</span>
            <span className="sr-only">, {item.met ? metLabel : unmetLabel}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
