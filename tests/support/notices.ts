/**
 * Machine tests that read what a machine said: a recording notifier is provided for each test of
 * the file and starts empty; the actors a test started (pushed onto `started`) are stopped after
 * it, before the notifier is taken back, so nothing they say reaches the next test.
 */
import { afterEach, beforeEach } from 'vitest';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';

export function recordMachineNotices() {
  const notices = recordingNotifier();
  /** Actors started by a test, stopped after it. */
  const started: Array<{ stop: () => void }> = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    notices.notices.length = 0;
    notices.dismissed.length = 0;
    restore = provideNotifier(notices);
  });
  afterEach(() => {
    for (const actor of started.splice(0)) actor.stop();
    restore();
  });
  return { notices, started };
}
