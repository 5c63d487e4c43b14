import type { ReactNode } from 'react';

/** The guest layout: one centred card with the brand mark. */
export function GuestCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <img className="brand-mark" src="/logo.svg" alt="" width={48} height={48} />
        <h1>{title}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </main>
  );
}
