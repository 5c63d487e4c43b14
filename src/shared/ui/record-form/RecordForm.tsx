import type { ReactNode } from 'react';
import { Button, Form, FormActions, FormErrorBanner, FormGrid, PageHeader } from '@/shared/ui/components';

export type RecordFormProps = {
  /** The page's title ("Create Ticket"). */
  title: string;
  subtitle?: ReactNode;
  breadcrumbs?: ReactNode;
  /** The form's accessible name. */
  label?: string;
  /** Why the last save failed when the reason belongs to no field (the banner above the fields), or null. */
  error: string | null;
  /** The message per field (the form machine's, from the schema or a 400); each field shows its own inline. */
  fieldErrors: Record<string, string>;
  /** The form machine's count of sends refused for their fields: focus moves to the first field in error. */
  refusals?: number;
  /** A person left a field (by name): the view sends the form machine `form.blur`. */
  onFieldBlur?: (field: string) => void;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onCancel?: () => void;
  /** The fields, laid out in the grid (a FormGridItem spans the row). */
  children: ReactNode;
};

/**
 * The layout every "create a record" screen shares (Create Ticket, Create Company): the page
 * header, the failure banner for what belongs to no field (each field says its own problem), the fields in a two-column grid that
 * folds to one on phones, and the actions (Cancel, then the primary). What was typed stays when a
 * save fails; the caller owns the values and sends the form machine its event from `onSubmit`.
 */
export function RecordForm({ title, subtitle, breadcrumbs, label, error, fieldErrors, refusals, onFieldBlur, busy, submitLabel, onSubmit, onCancel, children }: RecordFormProps) {
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
        refusals={refusals}
        onFieldBlur={onFieldBlur}
      >
        <FormErrorBanner title={error ?? undefined} />
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
