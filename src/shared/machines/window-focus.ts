/** The tab coming back into view (the window regains focus, or the page is visible again), as an event to a machine. */
import { fromCallback, type EventObject } from 'xstate';

/** An actor that sends `event` to its parent each time the tab comes back into view. */
export function watchWindowFocus<E extends EventObject>(event: E) {
  return fromCallback<E>(({ sendBack }) => {
    const tell = () => {
      if (document.visibilityState !== 'hidden') sendBack(event);
    };
    window.addEventListener('focus', tell);
    document.addEventListener('visibilitychange', tell);
    return () => {
      window.removeEventListener('focus', tell);
      document.removeEventListener('visibilitychange', tell);
    };
  });
}
