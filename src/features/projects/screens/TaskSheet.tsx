/**
 * A card's details in a side sheet: title, description, assignee, estimate, sprint and linked
 * ticket, saved together; and the card's delete, after asking. The board machine saves, closes the
 * sheet once saved, reloads the board and says so; this is the markup and what is typed.
 */
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { LIMITS } from '@contracts/common/constants';
import { BOARD_COLUMN_LABELS, PROJECT_LIMITS, type Board, type Task, type UpdateTaskInput } from '@contracts/projects';
import { NONE, type FormFailure, type KanbanBoardEvent } from '../machines/kanban-board.machine';
import styles from './board.module.css';
import { Alert, Button, Dialog, DialogTrigger, Form, FormActions, FormErrorBanner, NumberField, Select, Sheet, TextArea, TextField, TextLink } from '@/shared/ui/components';
import { formatRelative } from '@/shared/ui/tokens/format';

export type SheetForm = { saving: boolean; deleting: boolean; failure: FormFailure; refusals: number; deleteError: string | null };

export function TaskSheet({ task, board, form, send }: { task: Task; board: Board; form: SheetForm; send: (event: KanbanBoardEvent) => void }) {
  const { fieldErrors, error: failed } = form.failure;
  // A failure naming fields shows beside them only; the summary is for what belongs to no field.
  const error = Object.keys(fieldErrors).length ? null : failed || null;
  const busy = form.saving || form.deleting;
  const onClose = () => send({ type: 'sheet.close' });
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description);
  const [assignee, setAssignee] = useState<string>(task.assignee_id ? String(task.assignee_id) : NONE);
  const [sprint, setSprint] = useState<string>(task.sprint_id ? String(task.sprint_id) : NONE);
  const [estimate, setEstimate] = useState<number>(task.estimate ?? Number.NaN);
  const [ticket, setTicket] = useState<number>(task.ticket_id ?? Number.NaN);

  const submit = () => {
    const input: UpdateTaskInput = {
      title,
      description,
      assignee_id: assignee === NONE ? null : Number(assignee),
      sprint_id: sprint === NONE ? null : Number(sprint),
      estimate: Number.isNaN(estimate) ? null : estimate,
      ticket_id: Number.isNaN(ticket) ? null : ticket,
    };
    send({ type: 'card.save', input });
  };
  const sprints = board.sprints.filter((s) => s.status !== 'closed' || s.id === task.sprint_id);

  return (
    <Sheet title={task.title} description={`${BOARD_COLUMN_LABELS[task.column]} · changed ${formatRelative(task.updated_at)}`} isOpen onOpenChange={(o) => !o && onClose()}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        refusals={form.refusals}
        className={styles.sheetFacts}
      >
        <FormErrorBanner title={error ?? undefined} />
        <TextField label="Title" value={title} onChange={setTitle} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.title} />
        <TextArea label="Description" value={description} onChange={setDescription} rows={5} maxLength={LIMITS.text} errorMessage={fieldErrors.description} />
        <Select
          label="Assignee"
          items={[{ id: NONE, label: 'Unassigned' }, ...board.staff.map((p) => ({ id: String(p.id), label: p.name }))]}
          value={assignee}
          onChange={(k: Key | null) => setAssignee(String(k ?? NONE))}
          errorMessage={fieldErrors.assignee_id}
        />
        <NumberField label="Estimate (points)" minValue={0} maxValue={PROJECT_LIMITS.estimateMax} value={estimate} onChange={setEstimate} errorMessage={fieldErrors.estimate} />
        <Select
          label="Sprint"
          items={[{ id: NONE, label: 'No sprint' }, ...sprints.map((s) => ({ id: String(s.id), label: s.name }))]}
          value={sprint}
          onChange={(k: Key | null) => setSprint(String(k ?? NONE))}
          errorMessage={fieldErrors.sprint_id}
        />
        <NumberField
          label="Linked ticket number"
          minValue={1}
          value={ticket}
          onChange={setTicket}
          formatOptions={{ useGrouping: false }}
          errorMessage={fieldErrors.ticket_id}
          description={task.ticket_id ? <TextLink href={`/ticket/${task.ticket_id}`}>Open ticket #{task.ticket_id}{task.ticket_title ? `: ${task.ticket_title}` : ''}</TextLink> : undefined}
        />
        {task.sprint_id ? <TextLink href={`/project/sprint/${task.sprint_id}`}>Open sprint {task.sprint_name}</TextLink> : null}
        <FormActions>
          <DeleteTask task={task} deleting={form.deleting} error={form.deleteError} onDelete={() => send({ type: 'card.delete' })} />
          <span className={styles.spacer} />
          <Button variant="secondary" onPress={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" isDisabled={busy}>
            Save card
          </Button>
        </FormActions>
      </Form>
    </Sheet>
  );
}

/** Delete card: asks first; the card leaves the board and its sprint, and the project's activity keeps a line. */
function DeleteTask({ task, deleting, error, onDelete }: { task: Task; deleting: boolean; error: string | null; onDelete: () => void }) {
  return (
    <DialogTrigger>
      <Button variant="danger">Delete card</Button>
      <Dialog
        role="alertdialog"
        size="sm"
        title="Delete this card?"
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>Keep card</Button>
            <Button variant="danger" isDisabled={deleting} onPress={onDelete}>
              Delete card
            </Button>
          </>
        )}
      >
        {error ? <Alert tone="danger" title="The card was not deleted" live>{error}</Alert> : null}
        <p>
          “{task.title}” leaves the board{task.sprint_name ? ` and sprint ${task.sprint_name}` : ''}. The project's activity keeps a record of it.
        </p>
      </Dialog>
    </DialogTrigger>
  );
}
