/**
 * The row actions of the forms' admin tables (expense rates, kudo values): a row's change made in a
 * dialog over the table, with the form machine's messages, and the dialog that closes once its
 * form answers.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { Button, Dialog, Form, FormErrorBanner } from '@/shared/ui/components';

type FormView = { fields: Record<string, string>; error: string | null; refusals: number; busy: boolean };

/** What a form machine (`createSubmitMachine`) shows: its messages by field, its summary, its refusals and whether it is saving. */
export function useFormView(form: AnyActorRef): FormView {
  const fields = useSelector(form, (s) => s.context.fieldErrors as Record<string, string>);
  const error = useSelector(form, (s) => s.context.error as string | null);
  const refusals = useSelector(form, (s) => s.context.refusals as number);
  const busy = useSelector(form, (s) => s.hasTag('busy') as boolean);
  return { fields, error, refusals, busy };
}

/**
 * The row whose dialog is open: opening it remembers the form's last answer, and a new answer (the
 * row saved) closes it; a failed save keeps it open with what was typed.
 */
export function useRowDialog<R>(form: AnyActorRef): { row: R | null; open: (row: R) => void; close: () => void } {
  const answer = useSelector(form, (s) => s.context.result as unknown);
  const [editing, setEditing] = useState<{ row: R; before: unknown } | null>(null);
  return {
    row: editing && answer === editing.before ? editing.row : null,
    open: (row) => setEditing({ row, before: answer }),
    close: () => setEditing(null),
  };
}

/** A row's change in a dialog: its one form (Enter sends it), the form's summary above the fields, Cancel and the save button. */
export function RowDialog({
  form,
  title,
  description,
  saveLabel,
  onSubmit,
  onClose,
  children,
}: {
  form: AnyActorRef;
  title: string;
  description?: string;
  saveLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: (fields: Record<string, string>) => ReactNode;
}) {
  const { fields, error, refusals, busy } = useFormView(form);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" isPending={busy} onPress={onSubmit}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <Form
        aria-label={title}
        refusals={refusals}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormErrorBanner title={error ?? undefined} />
        {children(fields)}
      </Form>
    </Dialog>
  );
}
