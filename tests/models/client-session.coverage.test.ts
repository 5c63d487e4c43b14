import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { clientSessionStore } from '../../src/services/storage';
import { describeMachinePaths } from './path-coverage';
import { memoryAreas } from './memory-storage';

const entry = machineRegistry.find((m) => m.id === 'client-session')!;
const user = { id: 11, name: 'Casey Client', email: 'client@acme.demo.test', companyId: 1, companyName: 'Acme Utilities' };

describeMachinePaths(entry, {
  inputs: {
    'empty tab': () => ({ store: clientSessionStore(memoryAreas()) }),
    'stored session': () =>
      ({ store: clientSessionStore(memoryAreas({ token: 't', auth: 'true', userid: '11' }, { token: 't', client_user: JSON.stringify(user) })) }),
  },
  events: [{ type: 'session.logIn', credentials: { email: user.email, password: 'care-demo-2026' } }, { type: 'session.logOut' }],
  outputs: { verifyToken: [user], login: [{ token: 't', user }], logout: [undefined] },
  errors: {
    verifyToken: [{ status: 401, message: 'Session expired' }, { status: 0, message: 'Network Error' }],
    login: [{ status: 401, message: 'Email or password is incorrect' }],
    logout: [{ status: 0, message: 'Network Error' }],
  },
  check: (snapshot) => {
    if (snapshot.matches('loggedIn')) expect(snapshot.context.user).not.toBeNull();
    if (snapshot.matches('loggedOut')) expect(snapshot.context.user).toBeNull();
  },
});
