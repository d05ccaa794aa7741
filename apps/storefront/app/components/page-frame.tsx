import type { ReactNode } from "react";

/**
 * The frame of a simple page: a centred column under its heading. The account pages (login,
 * signup, password reset, my account) and the content pages (the privacy policy) use it.
 */
export function PageFrame({
  title,
  children,
  wide = false,
  back,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  /** A link back to where the page belongs (C§2: the order list's back link), above the title. */
  back?: ReactNode;
}) {
  return (
    <div className={wide ? "mx-auto max-w-3xl space-y-6" : "mx-auto max-w-md space-y-6"}>
      {back ? (
        <div className="space-y-2">
          {back}
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        </div>
      ) : (
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      )}
      {children}
    </div>
  );
}
