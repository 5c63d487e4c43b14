import { useSelector } from '@xstate/react';
import { Button, Dialog } from '@/shared/ui/components';
import type { QuoteEditorActor } from '../../machines/editor-sessions';
import { selectConfirming, selectSendPreview } from '../../machines/quote-editor.machine';
import styles from '../quotes.module.css';

/** The mail about to go to the contact (to, subject, greeting and text), confirmed before it is sent. */
function SendDialog({ editor }: { editor: QuoteEditorActor }) {
  const mail = useSelector(editor, selectSendPreview);
  const cancel = () => editor.send({ type: 'confirm.cancel' });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : cancel())}
      title="Send this quote?"
      description="The client gets this email with a link to review, accept or decline the quote."
      footer={
        <>
          <Button onPress={cancel}>Cancel</Button>
          <Button variant="primary" onPress={() => editor.send({ type: 'quote.send' })}>
            Send quote
          </Button>
        </>
      }
    >
      <dl className={styles.mailHead} aria-label="Email">
        <dt>To</dt>
        <dd data-testid="mail-to">{mail.to || 'No contact email yet: the send will ask for one'}</dd>
        <dt>Subject</dt>
        <dd data-testid="mail-subject">{mail.subject}</dd>
      </dl>
      <pre className={styles.mailBody} data-testid="mail-body">{mail.body}</pre>
    </Dialog>
  );
}

/** Discarding a draft nobody kept: asked once more, since it cannot be undone. */
function DiscardDialog({ editor }: { editor: QuoteEditorActor }) {
  const cancel = () => editor.send({ type: 'confirm.cancel' });
  return (
    <Dialog
      isOpen
      size="sm"
      role="alertdialog"
      onOpenChange={(open) => (open ? undefined : cancel())}
      title="Discard this draft?"
      footer={
        <>
          <Button onPress={cancel}>Keep editing</Button>
          <Button variant="danger" onPress={() => editor.send({ type: 'discard.confirm' })}>
            Discard draft
          </Button>
        </>
      }
    >
      <p className={styles.dialogText}>The draft and everything typed on it are deleted. It never got a number, so nothing else changes.</p>
    </Dialog>
  );
}

/** The dialog the editor asks for, if any. */
export function EditorDialogs({ editor }: { editor: QuoteEditorActor }) {
  const confirming = useSelector(editor, selectConfirming);
  if (confirming === 'send') return <SendDialog editor={editor} />;
  if (confirming === 'discard') return <DiscardDialog editor={editor} />;
  return null;
}
