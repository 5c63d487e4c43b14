import type { ReactNode } from 'react';

export const formatDateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');
export const formatMinutes = (m: number) => `${Math.floor(m / 60)} h ${m % 60} min`;

/** Reads a form's fields as strings (empty fields left out). */
export function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form).entries()) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
