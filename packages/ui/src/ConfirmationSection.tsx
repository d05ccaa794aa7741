import { clsx } from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export interface ConfirmationSectionProps
  extends Omit<HTMLAttributes<HTMLElement>, "id" | "title"> {
  /** The section's id, the target of the link that shows it (`#remove-user`); its heading's is `{id}-title`. */
  id: string;
  /** The question ("Ta bort användaren?"). */
  title: string;
  /** What will happen, and whether it can be undone. */
  description: ReactNode;
  /** The form that confirms, with its cancel. */
  children: ReactNode;
  /** The heading's level in the page. Default 3. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * A confirmation as a section of the page: what `Dialog` asks with JavaScript, asked without it.
 * The storefront links to the page with the section (`?remove=…#remove-user`) instead of opening
 * the dialog, and the section holds the same form.
 */
export function ConfirmationSection({
  id,
  title,
  description,
  children,
  headingLevel = 3,
  className,
  ...props
}: ConfirmationSectionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={clsx("space-y-3 rounded-lg border border-red-200 bg-white p-5", className)}
      {...props}
    >
      <Heading id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </Heading>
      <div className="text-sm text-stone-700">{description}</div>
      {children}
    </section>
  );
}
