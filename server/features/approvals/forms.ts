/**
 * The seam where a form plugs into the engine (docs/adr/0155): its type, its payload schema, a
 * title for lists, checks that need the database (no self-kudos, a daily limit), and what happens
 * when a request is approved, run in the same transaction as the approval. Its policy (the steps)
 * is data in approval_policies, versioned per form type. The engine knows no form.
 */
import type { FormType } from '@contracts/approvals';
import type { z } from '@contracts/common/zod';
import type { Queryable } from '@server/platform/sql';

/** A request as a form's hooks see it; `approverId` is who gave the deciding approval (null when no one had to). */
export type FormRequest<P> = { id: number; requesterId: number; payload: P; approverId?: number | null };

export type FormDefinition<S extends z.ZodType = z.ZodType> = {
  type: FormType;
  payload: S;
  /** One line naming the request in the inbox and in mails. */
  title(payload: z.output<S>): string;
  /**
   * Rules that read the database (400/409 with the field named); run inside the submitting
   * transaction. It may answer the payload as it is to be stored (amounts priced on the server),
   * which the policy's conditions then read. `requestId` is the request being resubmitted (null for a new one).
   */
  check?(db: Queryable, requesterId: number, payload: z.output<S>, now: Date, requestId: number | null): Promise<void | Record<string, unknown>>;
  /** The form's effect, in the transaction that approves the request; the request is then applied. */
  onApproved?(db: Queryable, request: FormRequest<z.output<S>>, now: Date): Promise<void>;
  /** The form's answer to a rejection (who rejected it and their reason), in the transaction that rejects the request. */
  onRejected?(db: Queryable, request: FormRequest<z.output<S>>, decision: { by: number | null; reason: string | null }, now: Date): Promise<void>;
};

const FORMS = new Map<FormType, FormDefinition>();

/** Registers a form with the engine (a feature does it once, when the app is built). */
export function defineForm<S extends z.ZodType>(form: FormDefinition<S>): FormDefinition<S> {
  FORMS.set(form.type, form as unknown as FormDefinition);
  return form;
}

export const formOf = (type: FormType): FormDefinition | undefined => FORMS.get(type);
