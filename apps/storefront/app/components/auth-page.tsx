import type { ReactNode } from "react";

/** The frame of the account pages: a centred column with a heading. */
export function AuthPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "mx-auto max-w-3xl space-y-6" : "mx-auto max-w-md space-y-6"}>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} className="font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900">
      {children}
    </a>
  );
}
