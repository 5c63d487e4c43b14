import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import type { QuoteType } from '@contracts/quotes';
import { inspection } from '@/shared/inspection';
import { storageStash } from '../../machines/draft';
import { holdQuoteEditor, openQuoteEditor, type QuoteEditorActor } from '../../machines/editor-sessions';
import { quoteEditorMachine, selectFocusOnMount } from '../../machines/quote-editor.machine';

/**
 * The editor of the quote on screen: the running one when this screen is the new address of a
 * quote being edited, else a new one. The effect only holds it while the screen is mounted (the
 * sessions start and stop it).
 */
export function useQuoteEditor(id: number | null, type: QuoteType): QuoteEditorActor {
  const [editor] = useState(() =>
    openQuoteEditor(id, () => createActor(quoteEditorMachine, { input: { id, stash: storageStash(window.localStorage, id), type }, inspect: inspection.inspect })),
  );
  useEffect(() => holdQuoteEditor(editor), [editor]);
  return editor;
}

/**
 * What each field of the editor needs for its focus: it tells the editor when it has the focus,
 * and takes it when the screen mounts at the quote's new address if it had it before.
 */
export function useFocusTargets(editor: QuoteEditorActor) {
  const target = useSelector(editor, selectFocusOnMount);
  return (field: string) => ({ autoFocus: target === field, onFocus: () => editor.send({ type: 'field.focus', field }) });
}
export type FocusTargets = ReturnType<typeof useFocusTargets>;
