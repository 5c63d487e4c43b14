/**
 * The running quote editors. A new quote gets its address (/quote/edit/{id}) from its first save,
 * and the route change mounts the screen again: the screen of that address takes the running
 * editor over, so nothing typed meanwhile is lost and the field that had the focus gets it back
 * (the editor knows which). An editor that no screen holds any more stops a moment later, unless a
 * screen takes it over meanwhile (the next address mounts after the last one unmounts; React's
 * StrictMode mounts twice).
 */
import type { ActorRefFrom } from 'xstate';
import type { quoteEditorMachine } from './quote-editor.machine';

export type QuoteEditorActor = ActorRefFrom<typeof quoteEditorMachine>;

type Held = { holders: number; unsubscribe: () => void };
const held = new Map<QuoteEditorActor, Held>();
/** Editors of new quotes that got their id, until the screen of the quote's address takes them over. */
const handedOver = new Map<number, QuoteEditorActor>();

/** The editor of a new quote that just became this one, else a new editor from `create`. */
export function openQuoteEditor(id: number | null, create: () => QuoteEditorActor): QuoteEditorActor {
  return (id === null ? undefined : handedOver.get(id)) ?? create();
}

const forget = (actor: QuoteEditorActor) => {
  for (const [id, running] of handedOver) if (running === actor) handedOver.delete(id);
};

/** A screen holds an editor while it is mounted: started on the first hold; answers the release. */
export function holdQuoteEditor(actor: QuoteEditorActor): () => void {
  const entry = held.get(actor);
  if (entry) entry.holders += 1;
  else {
    let isNew = actor.getSnapshot().context.id === null;
    const { unsubscribe } = actor.subscribe((snapshot) => {
      if (isNew && snapshot.context.id !== null) {
        isNew = false;
        handedOver.set(snapshot.context.id, actor);
      }
    });
    held.set(actor, { holders: 1, unsubscribe });
    actor.start();
  }
  // Held by the screen of its address now: taken over.
  forget(actor);
  return () => {
    const current = held.get(actor);
    if (!current) return;
    current.holders -= 1;
    setTimeout(() => {
      if (current.holders > 0 || held.get(actor) !== current) return;
      held.delete(actor);
      current.unsubscribe();
      forget(actor);
      actor.stop();
    }, 0);
  };
}
