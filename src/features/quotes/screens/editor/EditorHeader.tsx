import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { isNumbered, type QuoteType } from '@contracts/quotes';
import { Link } from 'wouter';
import { Button, PageHeader, RelativeTime } from '@/shared/ui/components';
import type { QuoteEditorActor } from '../../machines/editor-sessions';
import {
  selectCanDiscard,
  selectCanSend,
  selectError,
  selectLastSavedAt,
  selectQuoteName,
  selectPdfBusy,
  selectSaveState,
  selectSaving,
  selectSendPending,
  selectView,
  type SaveState,
} from '../../machines/quote-editor.machine';
import { QuoteStatusBadge } from '../parts';
import styles from '../quotes.module.css';
import type { FocusTargets } from './use-quote-editor';

/** The one-line state of the autosave, always visible. */
function SaveStateLine({ state, lastSavedAt, error }: { state: SaveState; lastSavedAt: string | null; error: string | null }) {
  let text: ReactNode;
  if (state === 'saving') text = 'Saving…';
  else if (state === 'failed') text = `Not saved: ${error ?? 'the server did not answer'}. Your changes are kept on this device and will be saved again shortly.`;
  else if (state === 'conflict') text = error;
  else if (state === 'pending') text = 'Unsaved changes…';
  else if (lastSavedAt) text = <>Saved <RelativeTime value={lastSavedAt} /></>;
  else text = 'Not saved yet: start typing and the draft saves itself.';
  return (
    <span className={styles.saveState} role="status" aria-live="polite" data-testid="save-state">
      {text}
    </span>
  );
}

/** The draft's title, autosave state and actions (PDF, preview, save now, send). */
export function EditorHeader({ editor, title, type, focus }: { editor: QuoteEditorActor; title: string; type: QuoteType; focus: FocusTargets }) {
  const view = useSelector(editor, selectView);
  const state = useSelector(editor, selectSaveState);
  const lastSavedAt = useSelector(editor, selectLastSavedAt);
  const error = useSelector(editor, selectError);
  const saving = useSelector(editor, selectSaving);
  const canSend = useSelector(editor, selectCanSend);
  const sendPending = useSelector(editor, selectSendPending);
  const pdfBusy = useSelector(editor, selectPdfBusy);
  const canDiscard = useSelector(editor, selectCanDiscard);
  const name = useSelector(editor, selectQuoteName);
  return (
    <PageHeader
      title={view ? <>{name} <QuoteStatusBadge status={view.quote.status} /></> : title}
      subtitle={
        <>
          <SaveStateLine state={state} lastSavedAt={lastSavedAt} error={error} />
          {view !== null && !isNumbered(view.quote) ? <span className={styles.draftHint}>Not numbered yet: Save now or Send to client gives it its number.</span> : null}
        </>
      }
      actions={
        <>
          {view ? (
            <Button onPress={() => editor.send({ type: 'quote.downloadPdf' })} isPending={pdfBusy} pendingLabel="Downloading">
              Download PDF
            </Button>
          ) : null}
          {view ? <Link href={`/quote/view/${view.quote.id}?type=${type}`}>Preview</Link> : null}
          {canDiscard ? (
            <Button variant="quiet" onPress={() => editor.send({ type: 'discard.ask' })} isDisabled={saving}>
              Discard draft
            </Button>
          ) : null}
          <Button {...focus('saveNow')} onPress={() => editor.send({ type: 'draft.saveNow' })} isDisabled={saving}>
            Save now
          </Button>
          <Button variant="primary" onPress={() => editor.send({ type: 'send.review' })} isDisabled={!canSend} isPending={sendPending}>
            Send to client
          </Button>
        </>
      }
    />
  );
}
