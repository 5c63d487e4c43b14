import type { ReactNode } from 'react';
import { Button, Form, FormActions, FormErrorBanner, FormGrid, PageHeader } from '@/shared/ui/components';

export type RecordFormProps = {
  /** The page's title ("Create Ticket"). */
  title: string;
  subtitle?: ReactNode;
  breadcrumbs?: ReactNode;
  /** The form's accessible name. */
  label?: string;
  /** Why the last save failed (the banner above the fields), or null. */
  error: string | null;
  /** The server's message per field; each field shows its own inline. */
  fieldErrors: Record<string, string>;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onCancel?: () => void;
  /** The fields, laid out in the grid (a FormGridItem spans the row). */
  children: ReactNode;
};

/**
 * The layout every "create a record" screen shares (Create Ticket, Create Company): the page
 * header, the failure banner listing what needs attention, the fields in a two-column grid that
 * folds to one on phones, and the actions (Cancel, then the primary). What was typed stays when a
 * save fails; the caller owns the values and sends the form machine its event from `onSubmit`.
 */
export function RecordForm({ title, subtitle, breadcrumbs, label, error, fieldErrors, busy, submitLabel, onSubmit, onCancel, children }: RecordFormProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumbs={breadcrumbs} />
      <Form
        aria-label={label ?? title}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        validationErrors={fieldErrors}
      >
        <FormErrorBanner title={error ?? undefined} errors={Object.values(fieldErrors)} />
        <FormGrid columns={2}>{children}</FormGrid>
        <FormActions>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variant="primary" isDisabled={busy}>
            {submitLabel}
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
