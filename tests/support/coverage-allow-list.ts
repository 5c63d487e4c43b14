/**
 * States and transitions a machine's generated paths may leave unreached, each with the reason.
 * Keys are registry ids; inside, a state id (`staffSession.signedIn`) or a transition key as the
 * coverage report prints it (`<source id>|<event type>|<index>`).
 */
export const coverageAllowList: Record<string, Record<string, string>> = {
  'client-session': {
    'clientSession.expired|session.expiredFlagReset|0':
      'Neither target nor actions: it only shadows the root-level reset while the dialog is up. XState treats such a ' +
      'transition as no change (snapshot.can is false, no microstep is reported), so no replay can record it, ' +
      'and taking it changes nothing that a test could check.',
  },
};

/** Registered machines that have no path test yet, with the reason (the registry test checks this). */
export const machinesWithoutPathTests: Record<string, string> = {
  'cross-tab':
    'It answers its parent (sendParent) and so only runs invoked by the staff session; xstate/graph cannot traverse it alone. ' +
    'Its hand-over is tested as actor tests in tests/shared/session/staff-session.test.ts and end to end in tests/e2e.',
};
