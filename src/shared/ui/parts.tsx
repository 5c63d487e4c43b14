import type { ReactNode } from 'react';


/** A staff form card whose submit hands over its fields as strings (empty fields left out). */
export function FieldsForm({ onFields, children }: { onFields: (fields: Record<string, string>) => void; children: ReactNode }) {
  return (
    <form
      className="card form-grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onFields(fieldsOf(e.currentTarget));
      }}
    >
      {children}
    </form>
  );
}

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
