import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import { toast } from '@/shared/ui/components';

export type SaveToastMessages<O> = {
  /** The toast once saved ("Ticket #12 created"); none when omitted or when it answers null. */
  saved?: (result: O) => string | null;
  /** The title of the toast when the save fails; the server's reason is its description. */
  failed: string;
};

type SubmitSnapshot = { value: unknown; context: { result?: unknown; error: string | null } };

/**
 * Says how a save of the one form machine (`createSubmitMachine`) ended: a success toast when it is
 * saved, an error toast with the server's reason when it fails (the form keeps what was typed).
 * Each attempt toasts once, even when two failures in a row give the same reason; sending the form
 * again closes the failure toast of the attempt before (it stays until then, or until closed).
 */
export function useSaveToasts<O>(actor: AnyActorRef, messages: SaveToastMessages<O>) {
  const current = useRef(messages);
  useEffect(() => {
    current.current = messages;
  });
  useEffect(() => {
    let previous = (actor.getSnapshot() as SubmitSnapshot).value;
    // The failure toast of the last attempt: stale once the form is sent again.
    let failure: string | null = null;
    const subscription = actor.subscribe((snapshot: SubmitSnapshot) => {
      if (previous !== 'submitting' && snapshot.value === 'submitting' && failure) {
        toast.close(failure);
        failure = null;
      }
      if (previous === 'submitting' && snapshot.value === 'saved' && current.current.saved) {
        const title = current.current.saved(snapshot.context.result as O);
        if (title) toast.success(title);
      }
      if (previous === 'submitting' && snapshot.value === 'editing' && snapshot.context.error) {
        failure = toast.error(current.current.failed, { description: snapshot.context.error });
      }
      previous = snapshot.value;
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}
