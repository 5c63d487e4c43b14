import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { isQuoteType } from '@contracts/quotes';
import { usePageTitle } from '@/shared/page-title';
import type { ScreenProps } from '@/shared/routing';
import { Alert, Button, SkeletonCard } from '@/shared/ui/components';
import type { QuoteEditorActor } from '../machines/editor-sessions';
import {
  selectBusy,
  selectConflict,
  selectDiscarded,
  selectDraft,
  selectError,
  selectPdfBusy,
  selectPhase,
  selectQuoteAddress,
  selectQuoteName,
  selectRevisionAddress,
  selectSendRefused,
  selectView,
} from '../machines/quote-editor.machine';
import { ClientCard, NotesCard, QuoteCard } from './editor/EditorCards';
import { EditorDialogs } from './editor/EditorDialogs';
import { EditorHeader } from './editor/EditorHeader';
import { LinesCard } from './editor/EditorLines';
import { useFocusTargets, useQuoteEditor } from './editor/use-quote-editor';
import { QuoteRecord } from './QuoteRecord';
import styles from './quotes.module.css';

/** Where a discarded draft leaves the person: the quotes. */
const QUOTE_LIST_PATH = '/quote/list';

/** A sent or decided quote in the editor's place: the record, with Revise and the PDF. */
function ReadOnlyQuote({ editor }: { editor: QuoteEditorActor }) {
  const view = useSelector(editor, selectView)!;
  const error = useSelector(editor, selectError);
  const busy = useSelector(editor, selectBusy);
  const pdfBusy = useSelector(editor, selectPdfBusy);
  usePageTitle(`Quote ${view.quote.number}`);
  return (
    <QuoteRecord
      view={view}
      error={error}
      busy={busy}
      pdfBusy={pdfBusy}
      onDownloadPdf={() => editor.send({ type: 'quote.downloadPdf' })}
      onRevise={view.quote.superseded ? undefined : () => editor.send({ type: 'quote.revise' })}
    />
  );
}

/** The draft's form: the header with the autosave state, what the last send or save said, and the cards. */
function DraftEditor({ editor, title }: { editor: QuoteEditorActor; title: string }) {
  const view = useSelector(editor, selectView);
  const draftType = useSelector(editor, (s) => selectDraft(s).type);
  const error = useSelector(editor, selectError);
  const sendRefused = useSelector(editor, selectSendRefused);
  const conflict = useSelector(editor, selectConflict);
  const focus = useFocusTargets(editor);
  const name = useSelector(editor, selectQuoteName);
  usePageTitle(view ? `Edit ${name}` : null);
  return (
    <>
      <EditorHeader editor={editor} title={title} type={draftType} focus={focus} />
      <div className={`${styles.stack} ${styles.editLines}`}>
        {sendRefused ? <Alert tone="danger" title="The quote was not sent">{error}</Alert> : null}
        {conflict ? (
          <Alert tone="warning" title="This quote changed elsewhere">
            {error} <Button size="sm" onPress={() => editor.send({ type: 'quote.reload' })}>Reload</Button>
          </Alert>
        ) : null}
        <ClientCard editor={editor} focus={focus} />
        <QuoteCard editor={editor} focus={focus} />
        <LinesCard editor={editor} focus={focus} />
        <NotesCard editor={editor} focus={focus} />
      </div>
      <EditorDialogs editor={editor} />
    </>
  );
}

/** /quote/new/client and /quote/edit/{id}: the quote editor; drafts save themselves, sent quotes are read-only. */
export default function QuoteEditorScreen({ params }: ScreenProps) {
  const id = params.id ? Number(params.id) : null;
  const search = useSearch();
  // The type a new quote starts with (?type=…), read once.
  const [initialType] = useState(() => {
    const t = new URLSearchParams(search).get('type');
    return isQuoteType(t) ? t : 'support';
  });
  const editor = useQuoteEditor(id, initialType);
  const phase = useSelector(editor, selectPhase);
  const address = useSelector(editor, selectQuoteAddress);
  const revision = useSelector(editor, selectRevisionAddress);
  const error = useSelector(editor, selectError);
  const discarded = useSelector(editor, selectDiscarded);
  const title = id === null ? 'New Client Quote' : 'Edit Quote';

  // A new quote moves to its address once the server has it; the editor (and the focus) go with it.
  const moved = id === null && address !== null ? <Redirect to={address} replace /> : null;
  if (phase === 'revised' && revision) return <Redirect to={revision} />;
  if (discarded) return <Redirect to={QUOTE_LIST_PATH} replace />;
  if (phase === 'loading') return <SkeletonCard />;
  if (phase === 'loadFailed') {
    return (
      <>
        <Alert tone="danger" title="The quote could not be opened">{error}</Alert>
        <Button onPress={() => editor.send({ type: 'quote.reload' })}>Try again</Button>
      </>
    );
  }
  return (
    <>
      {moved}
      {phase === 'readOnly' ? <ReadOnlyQuote editor={editor} /> : <DraftEditor editor={editor} title={title} />}
    </>
  );
}
