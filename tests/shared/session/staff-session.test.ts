import { afterEach, describe, expect, it, vi } from 'vitest';
import * as log from '@/shared/log';
import { flush, httpError } from '@tests/support/controllable';
import { AGENT_LOGIN, agentProfile, ORIGIN, overdueTicket, staffSessionHarness } from '@tests/support/staff-session-harness';

const SIGNED_IN = { token: 'tok-agent', auth: 'true', userid: '3', username: 'Avery Agent', role: 'user' };

afterEach(() => vi.restoreAllMocks());

describe('staff session: the guard rules of spec 2.5', () => {
  it('starts signed out with nothing stored', () => {
    const h = staffSessionHarness();
    h.actor.start();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
  });

  it('starts signed in from a stored token and auth flag, and sets the bearer', () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.actor.getSnapshot().context.user).toEqual({ userid: '3', username: 'Avery Agent' });
    expect(h.bearer).toEqual(['tok-agent']);
  });

  it('clears the per-tab storage when only the auth flag is present', () => {
    const h = staffSessionHarness({ auth: 'true', username: 'Someone' }, { token: 'kept-elsewhere' });
    h.actor.start();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.areas.session.length).toBe(0);
  });

  it('sends a tab with a token but no auth flag to sign-in, leaving storage alone', () => {
    const h = staffSessionHarness({ token: 'x' });
    h.actor.start();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.areas.session.getItem('token')).toBe('x');
  });

  it('re-checks on navigation: a removed token signs the tab out, the bearer is re-applied while allowed', () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.actor.send({ type: 'session.check', stored: h.store.read() });
    expect(h.bearer).toEqual(['tok-agent', 'tok-agent']);
    h.areas.session.removeItem('token');
    h.actor.send({ type: 'session.check', stored: h.store.read() });
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.areas.session.length).toBe(0);
  });

  it('signs a signed-out tab in when a check finds a session stored meanwhile', () => {
    const h = staffSessionHarness();
    h.actor.start();
    h.areas.session.setItem('token', 't2');
    h.areas.session.setItem('auth', 'true');
    h.areas.session.setItem('userid', '9');
    h.actor.send({ type: 'session.check', stored: h.store.read() });
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.actor.getSnapshot().context.user?.userid).toBe('9');
  });
});

describe('staff session: sign-in and sign-out', () => {
  it('stores token, auth, userid, username and role per tab, and the token persistently', async () => {
    const h = staffSessionHarness();
    h.actor.start();
    h.actor.send({ type: 'session.signIn', credentials: { email: 'agent@demo.test', password: 'pw' } });
    expect(h.controls.login.calls[0]!.input).toEqual({ email: 'agent@demo.test', password: 'pw' });
    h.controls.login.resolve(AGENT_LOGIN);
    await flush();
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.areas.session.toJSON()).toEqual(SIGNED_IN);
    expect(h.areas.persistent.getItem('token')).toBe('tok-agent');
  });

  it('keeps the error and stores nothing when sign-in fails', async () => {
    const h = staffSessionHarness();
    h.actor.start();
    h.actor.send({ type: 'session.signIn', credentials: { email: 'a@b.test', password: 'bad' } });
    h.controls.login.reject(httpError(401, 'Email or password is incorrect'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.actor.getSnapshot().context.signInError).toBe('Email or password is incorrect');
    expect(h.areas.session.length + h.areas.persistent.length).toBe(0);
    h.actor.send({ type: 'session.signIn', credentials: { email: 'a@b.test', password: 'bad' } });
    expect(h.actor.getSnapshot().context.signInError).toBeNull();
  });

  it('clears session storage and signs out after GET /logout succeeds', async () => {
    const h = staffSessionHarness(SIGNED_IN, { token: 'tok-agent' });
    h.actor.start();
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.resolve();
    await flush();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.areas.session.length).toBe(0);
    expect(h.areas.persistent.getItem('token')).toBeNull();
    expect(h.bearer.at(-1)).toBeNull();
  });

  it('only logs a failed sign-out and stays signed in', async () => {
    const spy = vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.reject(httpError(0, 'Network Error'));
    await flush();
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.areas.session.getItem('token')).toBe('tok-agent');
    expect(spy).toHaveBeenCalledWith('sign-out failed', expect.anything());
  });

  it('treats a 401 on sign-out as signed out (the server already ended the session)', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.reject(httpError(401));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('staff session: role and initials (spec 6, 7)', () => {
  it('reads the role from the first who/am/i record and stores it', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    expect(h.controls.whoAmI.calls[0]!.input).toEqual({ userid: '3' });
    h.controls.whoAmI.resolve([agentProfile('manager'), agentProfile('admin')]);
    await flush();
    expect(h.actor.getSnapshot().context.role).toBe('manager');
    expect(h.areas.session.getItem('role')).toBe('manager');
  });

  it.each([
    ['a missing role', () => [{ ...agentProfile(), role: undefined }]],
    ['an empty list', () => []],
    ['an unknown role', () => [{ ...agentProfile(), role: 'superuser' }]],
  ])('falls back to user for %s', async (_, output) => {
    const h = staffSessionHarness({ ...SIGNED_IN, role: 'admin' });
    h.actor.start();
    h.controls.whoAmI.resolve(output() as never);
    await flush();
    expect(h.actor.getSnapshot().context.role).toBe('user');
    expect(h.areas.session.getItem('role')).toBe('user');
  });

  it('falls back to user when the lookup fails, and only logs it', async () => {
    const spy = vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const h = staffSessionHarness({ ...SIGNED_IN, role: 'manager' });
    h.actor.start();
    h.controls.whoAmI.reject(httpError(500));
    await flush();
    expect(h.actor.getSnapshot().context.role).toBe('user');
    expect(spy).toHaveBeenCalledWith('role lookup failed', expect.anything());
  });

  it.each([
    ['Avery Agent', 'AA'],
    ['mary ann van dyke', 'MA'],
    ['Cher', 'C'],
    ['  Émile   Zola ', 'ÉZ'],
  ])('makes initials of %s: %s', async (name, initials) => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.controls.profileMe.resolve({ ...agentProfile(), name });
    await flush();
    expect(h.actor.getSnapshot().context.initials).toBe(initials);
  });

  it("shows 'UN' when profile/me fails or there is no user id", async () => {
    vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const failed = staffSessionHarness(SIGNED_IN);
    failed.actor.start();
    failed.controls.profileMe.reject(httpError(500));
    await flush();
    expect(failed.actor.getSnapshot().context.initials).toBe('UN');

    const noId = staffSessionHarness({ ...SIGNED_IN, userid: '' });
    noId.actor.start();
    expect(noId.controls.profileMe.calls).toHaveLength(0);
    expect(noId.actor.getSnapshot().context.initials).toBe('UN');
  });
});

describe('staff session: cross-tab hand-over (spec 4, 5, 7)', () => {
  const message = { type: 'AUTH_DATA', token: 'tok-handed', auth: 'true', userid: 7, username: 'Morgan Manager', role: 'manager' };

  it('signs a signed-out tab in from an accepted AUTH_DATA message', async () => {
    const h = staffSessionHarness();
    h.actor.start();
    h.post(message);
    await flush();
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.areas.session.toJSON()).toEqual({ token: 'tok-handed', auth: 'true', userid: '7', username: 'Morgan Manager', role: 'manager' });
    expect(h.bearer).toContain('tok-handed');
  });

  it.each([
    ['another origin', message, 'http://evil.test'],
    ['another type', { ...message, type: 'AUTH' }, ORIGIN],
    ['no token', { ...message, token: '' }, ORIGIN],
    ['no auth', { ...message, auth: undefined }, ORIGIN],
    ['not an object', 'AUTH_DATA', ORIGIN],
  ])('ignores a message from %s', async (_, data, origin) => {
    const h = staffSessionHarness();
    h.actor.start();
    h.post(data, origin);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.areas.session.length).toBe(0);
  });

  it('asks its opener for the session when it starts', () => {
    const h = staffSessionHarness();
    h.actor.start();
    expect(h.openerReceived).toEqual([{ type: 'AUTH_REQUEST' }]);
  });

  it('posts AUTH_DATA to a window it opened once that window asks, and to no other', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.actor.getSnapshot().children.crossTab!.send({ type: 'crossTab.openWindow', url: '/chat/bot', name: 'chatbot', features: 'width=520,height=700' });
    expect(h.opened.map((o) => [o.url, o.features])).toEqual([['/chat/bot', 'width=520,height=700']]);
    const stranger = { received: [] as unknown[], postMessage: (m: unknown) => stranger.received.push(m) };
    h.post({ type: 'AUTH_REQUEST' }, ORIGIN, stranger);
    h.post({ type: 'AUTH_REQUEST' }, 'http://evil.test', h.opened[0]!.window);
    expect(stranger.received).toEqual([]);
    expect(h.opened[0]!.window.received).toEqual([]);
    h.post({ type: 'AUTH_REQUEST' }, ORIGIN, h.opened[0]!.window);
    expect(h.opened[0]!.window.received).toEqual([{ type: 'AUTH_DATA', ...SIGNED_IN }]);
  });
});

describe('staff session: learning center and overdue polling', () => {
  it('opens the learning-center address in a new tab, and does nothing visible on failure', async () => {
    const spy = vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.actor.send({ type: 'session.openLearningCenter' });
    h.controls.learningCenterUrl.resolve('https://learn.example.com/course');
    await flush();
    expect(h.opened.map((o) => [o.url, o.name])).toEqual([['https://learn.example.com/course', '_blank']]);
    h.actor.send({ type: 'session.openLearningCenter' });
    h.controls.learningCenterUrl.reject(httpError(500));
    await flush();
    expect(h.opened).toHaveLength(1);
    expect(spy).toHaveBeenCalledWith('learning-center link failed', expect.anything());
  });

  it('checks overdue tickets for the signed-in user and stops on sign-out', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    expect(h.controls.checkOverdue.calls[0]!.input).toEqual({ userId: '3' });
    h.controls.checkOverdue.resolve([overdueTicket(1), overdueTicket(2)]);
    await flush();
    expect(h.actor.getSnapshot().children.overdue!.getSnapshot().context.tickets).toHaveLength(2);
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.resolve();
    await flush();
    expect(h.actor.getSnapshot().children.overdue).toBeUndefined();
  });

  it("hands the avatar version profile/me names to the header picture, which lets it go on sign-out", async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.controls.profileMe.resolve({ ...agentProfile(), avatarVersion: 5 });
    await flush();
    expect(h.controls.avatarImage.calls[0]!.input).toEqual({ userid: '3', version: 5 });
    h.controls.avatarImage.resolve('blob:avatar-5');
    await flush();
    expect(h.actor.getSnapshot().children.avatar!.getSnapshot().context.url).toBe('blob:avatar-5');
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.resolve();
    await flush();
    expect(h.actor.getSnapshot().children.avatar).toBeUndefined();
    expect(revoked).toHaveBeenCalledWith('blob:avatar-5');
  });
});
