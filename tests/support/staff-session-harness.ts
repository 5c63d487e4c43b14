import { createActor } from 'xstate';
import type { LoginRequest, StaffLoginResponse, StaffUser } from '@contracts/auth';
import type { OverdueTicket } from '@contracts/overdue';
import type { MessageTarget } from '@/shared/session/cross-tab/cross-tab.machine';
import { avatarMachine } from '@/shared/session/avatar.machine';
import { overdueMachine } from '@/shared/session/overdue.machine';
import { staffSessionMachine } from '@/shared/session/staff-session.machine';
import { staffSessionStore } from '@/shared/storage';
import { controllable } from './controllable';
import { memoryAreas } from './memory-storage';

export const ORIGIN = 'http://portal.test';

export const AGENT_LOGIN: StaffLoginResponse = { token: 'tok-agent', userid: 3, username: 'Avery Agent', role: 'user', landingPage: '/home', theme: 'system', timeZone: null };
export const agentProfile = (role: StaffUser['role'] = 'user'): StaffUser => ({
  userid: 3,
  name: 'Avery Agent',
  email: 'agent@demo.test',
  role,
  title: null,
  department: null,
  timeZone: null,
  avatarVersion: null,
});

export const overdueTicket = (id: number): OverdueTicket => ({
  id,
  title: `Ticket ${id}`,
  status: 'A',
  severity: 'H',
  company_name: id % 2 ? 'Acme Utilities' : null,
  contact: 'Casey',
  contact_email: 'casey@acme.test',
  queue: 'Support',
  created_at: '2026-11-01T10:00:00Z',
  duedate: '2026-11-10T10:00:00Z',
});

/** The staff session machine with every service call and browser dependency under the test's control. */
export function staffSessionHarness(session: Record<string, string> = {}, persistent: Record<string, string> = {}) {
  const areas = memoryAreas(session, persistent);
  const store = staffSessionStore(areas);
  const controls = {
    login: controllable<StaffLoginResponse, LoginRequest>('login'),
    logout: controllable<void, void>('logout'),
    whoAmI: controllable<StaffUser[], { userid: string }>('whoAmI'),
    profileMe: controllable<StaffUser, { userid: string }>('profileMe'),
    learningCenterUrl: controllable<string, void>('learningCenterUrl'),
    avatarImage: controllable<string, { userid: string; version: number }>('avatarImage'),
    checkOverdue: controllable<OverdueTicket[], { userId: string }>('checkOverdue'),
  };
  const bearer: (string | null)[] = [];
  const opened: { url: string; name: string; features: string; window: MessageTarget & { received: unknown[] } }[] = [];
  const openerReceived: unknown[] = [];
  let onMessage: ((e: { origin: string; data: unknown; source: MessageTarget | null }) => void) | undefined;

  const machine = staffSessionMachine.provide({
    actors: {
      login: controls.login.logic,
      logout: controls.logout.logic,
      whoAmI: controls.whoAmI.logic,
      profileMe: controls.profileMe.logic,
      learningCenterUrl: controls.learningCenterUrl.logic,
      avatar: avatarMachine.provide({ actors: { fetchAvatar: controls.avatarImage.logic } }),
      overdue: overdueMachine.provide({ actors: { checkOverdue: controls.checkOverdue.logic } }),
    },
  });
  const input = {
    store,
    origin: ORIGIN,
    applyBearer: (token: string | null) => bearer.push(token),
    listen: (handler: typeof onMessage) => {
      onMessage = handler;
      return () => {
        onMessage = undefined;
      };
    },
    open: (url: string, name: string, features: string) => {
      const received: unknown[] = [];
      const w = { received, postMessage: (m: unknown) => received.push(m) };
      opened.push({ url, name, features, window: w });
      return w;
    },
    opener: { postMessage: (m: unknown) => openerReceived.push(m) },
  };
  const actor = createActor(machine, { input });
  return {
    actor,
    machine,
    input,
    areas,
    store,
    controls,
    bearer,
    opened,
    openerReceived,
    /** Delivers a window message as the browser would. */
    post: (data: unknown, origin = ORIGIN, source: MessageTarget | null = null) => onMessage?.({ origin, data, source }),
  };
}
