/** A ticket's description and conversation, with the note composer (it starts empty after each save and keeps what was typed after a failure). */
import { useSelector } from '@xstate/react';
import { LIMITS, TIME_ENTRY_MINUTES_MAX } from '@contracts/common/constants';
import type { ThreadEntry, TicketView } from '@contracts/tickets';
import { selectBusy, selectFieldErrorsOf, selectFormError, selectNoteFiles, selectRefusalsOf, selectSaved, selectDownloadsActor, selectThumbnailsActor, type TicketViewActor } from '../machines/ticket-view.machine';
import { selectChosenFiles, selectFilesError } from '@/shared/machines/file-list.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { selectViewer } from '@/shared/machines/file-download.machine';
import styles from './TicketViewScreen.module.css';
import { formatDateTime, formatMinutes } from '@/shared/ui/tokens/format';
import { Alert, AttachmentList, Badge, Button, Card, FieldError, FilePicker, Form, ImageViewer, RelativeTime, Switch, type ListedFile } from '@/shared/ui/components';

const DUE_DATE_LINE = 'Due date: ';
/** Entries written before the screens said Priority. */
const OLD_PRIORITY_LINE = 'Severity: ';
const PRIORITY_LINE = 'Priority: ';

/**
 * A change entry as the reader reads it: the due date in their own zone and format, to the minute
 * (the stored line is in UTC, for mail and search), and Priority for the older entries' Severity.
 */
export function changeBody(entry: Pick<ThreadEntry, 'body' | 'change'>): string {
  const due = entry.change?.duedate;
  const when = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : formatDateTime(String(v)));
  return entry.body
    .split('\n')
    .map((line) => {
      if (due && line.startsWith(DUE_DATE_LINE)) return `${DUE_DATE_LINE}${when(due.from)} → ${when(due.to)}`;
      if (line.startsWith(OLD_PRIORITY_LINE)) return PRIORITY_LINE + line.slice(OLD_PRIORITY_LINE.length);
      return line;
    })
    .join('\n');
}

export function TicketConversation({ ticket, view }: { ticket: TicketViewActor; view: TicketView }) {
  const t = view.ticket;
  const thumbnails = useSelector(useSelector(ticket, selectThumbnailsActor), selectThumbnails);
  const viewer = useSelector(useSelector(ticket, selectDownloadsActor), selectViewer);
  const download = (file: { id: number; name: string }) => ticket.send({ type: 'attachment.download', file });
  const open = (file: ListedFile) => ticket.send({ type: 'attachment.view', file });
  return (
    <>
      <ImageViewer image={viewer} onClose={() => ticket.send({ type: 'attachment.close' })} onDownload={() => viewer && download(viewer)} />
      <Card asRegion title="Description" headingLevel={2}>
        <p className={styles.description}>{t.description}</p>
        <AttachmentList files={view.attachments} thumbnails={thumbnails} onDownload={download} onView={open} />
      </Card>
      <Card asRegion title="Conversation" headingLevel={2} id={`thread-${t.id}`}>
        {view.thread.length === 0 ? <p className={styles.muted}>No notes yet.</p> : null}
        <ol className={styles.thread} data-testid="thread">
          {view.thread.map((n) => (
            <li
              key={n.id}
              className={`thread-entry ${n.internal ? 'internal' : 'public'} ${n.kind} ${styles.entry}`}
              data-kind={n.kind === 'change' ? 'change' : n.internal ? 'internal' : 'public'}
            >
              <p className={styles.meta}>
                <strong>{n.author_name ?? 'System'}</strong>
                {n.kind === 'change' ? (
                  <Badge>Change</Badge>
                ) : n.internal ? (
                  <Badge tone="warning" marker="square">
                    Internal
                  </Badge>
                ) : (
                  <Badge tone="success" marker="dot">
                    Public
                  </Badge>
                )}
                <RelativeTime value={n.created_at} />
                {n.minutes_spent ? <span>{formatMinutes(n.minutes_spent)}</span> : null}
              </p>
              <p className={styles.body}>{n.kind === 'change' ? changeBody(n) : n.body}</p>
              <AttachmentList files={n.attachments} thumbnails={thumbnails} onDownload={download} onView={open} />
            </li>
          ))}
        </ol>
        <NoteComposer ticket={ticket} />
      </Card>
    </>
  );
}

/** The files chosen for the note: the picker over the ticket machine's file list child. */
function NoteFiles({ ticket, serverError, busy }: { ticket: TicketViewActor; serverError: string | undefined; busy: boolean }) {
  const list = useSelector(ticket, selectNoteFiles);
  const files = useSelector(list, selectChosenFiles);
  const error = useSelector(list, selectFilesError);
  return (
    <FilePicker
      id="note-files"
      files={files}
      error={error ?? serverError}
      isDisabled={busy}
      onAdd={(chosen) => list?.send({ type: 'files.add', files: chosen })}
      onRemove={(index) => list?.send({ type: 'files.remove', index })}
    />
  );
}

const noteErrors = selectFieldErrorsOf('note');
const noteError = selectFormError('note');
const noteRefusals = selectRefusalsOf('note');

function NoteComposer({ ticket }: { ticket: TicketViewActor }) {
  const fieldErrors = useSelector(ticket, noteErrors);
  const error = useSelector(ticket, noteError);
  const refusals = useSelector(ticket, noteRefusals);
  const changed = (field: string) => () => ticket.send({ type: 'ticket.fieldChange', form: 'note', field });
  const busy = useSelector(ticket, selectBusy);
  const saved = useSelector(ticket, selectSaved);
  return (
    <Form
      // A new form after each save: it starts empty; a failed save keeps what was typed.
      key={saved}
      className={styles.composer}
      aria-label="Add a note"
      refusals={refusals}
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        ticket.send({ type: 'ticket.addNote', input: { body: String(f.get('body') ?? ''), internal: f.get('internal') === 'on', minutes: Number(f.get('minutes') || 0) } });
      }}
    >
      <label className={styles.field}>
        Note
        <textarea name="body" onChange={changed('body')} rows={4} maxLength={LIMITS.text} aria-invalid={fieldErrors.body ? true : undefined} aria-describedby="note-body-error" />
        <FieldError id="note-body-error" message={fieldErrors.body} />
      </label>
      <NoteFiles ticket={ticket} serverError={fieldErrors.files} busy={busy} />
      <div className={styles.composerRow}>
        <Switch name="internal" value="on">
          Internal (never shown to the client)
        </Switch>
        <label className={styles.inline}>
          Time spent (minutes)
          <input name="minutes" type="number" onChange={changed('minutes')} min={0} max={TIME_ENTRY_MINUTES_MAX} defaultValue={0} aria-invalid={fieldErrors.minutes ? true : undefined} aria-describedby="note-minutes-error" />
        </label>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Add note
        </Button>
      </div>
      <FieldError id="note-minutes-error" message={fieldErrors.minutes} />
      {error ? <Alert tone="danger" live title={error} /> : null}
    </Form>
  );
}
