import type { ReactNode } from 'react';
import { Link } from 'wouter';

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

/** A guest request that was accepted: its message, and the way back to log-in. */
export function AcceptedCard({ title, message }: { title: string; message: string }) {
  return (
    <GuestCard title={title}>
      <p role="status">{message}</p>
      <Link href="/login">Back to login</Link>
    </GuestCard>
  );
}
