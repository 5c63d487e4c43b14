import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { staffSessionStore } from '../../src/services/storage';
import { memoryAreas } from './memory-storage';
import { describeMachinePaths } from './path-coverage';

const entry = machineRegistry.find((m) => m.id === 'staff-session')!;

describeMachinePaths(entry, {
  inputs: {
    'empty tab': () => ({ store: staffSessionStore(memoryAreas()) }),
    'stored session': () => ({ store: staffSessionStore(memoryAreas({ token: 't', auth: 'true', userid: '7', username: 'Avery Agent', role: 'user' })) }),
    'auth flag without token': () => ({ store: staffSessionStore(memoryAreas({ auth: 'true' })) }),
  },
  events: [{ type: 'session.signIn', credentials: { email: 'agent@demo.test', password: 'care-demo-2026' } }, { type: 'session.signOut' }],
  outputs: { login: [{ token: 't', userid: 7, username: 'Avery Agent', role: 'user' }], logout: [undefined] },
  errors: { login: [{ status: 401, message: 'Email or password is incorrect' }], logout: [{ status: 401 }, { status: 0, message: 'Network Error' }] },
  check: (snapshot) => {
    // A signed-in tab always knows its user; a signed-out one never does.
    if (snapshot.matches('signedIn')) expect(snapshot.context.user).not.toBeNull();
    if (snapshot.matches('signedOut')) expect(snapshot.context.user).toBeNull();
  },
});
