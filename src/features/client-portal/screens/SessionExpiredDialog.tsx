import { useEffect } from 'react';
import { dialogService, sessionExpiredDialog, type DialogAnswer } from '@/shared/machines/dialog.machine';
import { ClientSession } from '@/shared/session/client-session';

/** The one question in flight: a remount (StrictMode, a route change) never asks twice. */
let asking: Promise<DialogAnswer> | null = null;
function askOnce(): Promise<DialogAnswer> {
  asking ??= dialogService.ask(sessionExpiredDialog).finally(() => {
    asking = null;
  });
  return asking;
}

/**
 * The Session Expired warning of spec 8, asked through the app's dialog service (its
 * non-dismissable alert: no close on Escape or a click outside, one "Log In" button). Mounted
 * while the client session is expired; the answer leads to the login page.
 */
export default function SessionExpiredDialog() {
  const session = ClientSession.useActorRef();
  useEffect(() => {
    let mounted = true;
    void askOnce().then(() => {
      if (mounted) session.send({ type: 'session.expiredAcknowledged' });
    });
    return () => {
      mounted = false;
    };
  }, [session]);
  return null;
}
