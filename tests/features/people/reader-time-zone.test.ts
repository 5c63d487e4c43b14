/**
 * The profile's time zone, theme and landing page reach the app through the staff session: the
 * sign-in answer and profile/me set the reader's zone every date, the timesheet and reports read;
 * sign-out forgets it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone } from '@/features/time/api';
import { readerZone } from '@/features/reports/api';
import { TIME_ZONE_STORAGE_KEY, formatDateTime, readerTimeZone, readerTimeZoneSettled, setReaderTimeZone } from '@/shared/ui/tokens/format';
import { theme } from '@/shared/ui/tokens/theme';
import { flush } from '@tests/support/controllable';
import { AGENT_LOGIN, agentProfile, staffSessionHarness } from '@tests/support/staff-session-harness';

const SIGNED_IN = { token: 'tok-agent', auth: 'true', userid: '3', username: 'Avery Agent', role: 'user' };
const INSTANT = '2026-03-02T14:30:00Z';

afterEach(() => {
  setReaderTimeZone(null);
  theme().setChoice('system');
});

describe('the reader\'s time zone', () => {
  it('formats dates, and names the zone of the timesheet and reports, in the zone the person chose', () => {
    setReaderTimeZone('Asia/Tokyo');
    expect(readerTimeZone()).toBe('Asia/Tokyo');
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(readerZone()).toBe('Asia/Tokyo');
    expect(formatDateTime(INSTANT, { locale: 'en-US' })).toBe('Mar 2, 2026, 11:30 PM');
    setReaderTimeZone('America/Chicago');
    expect(formatDateTime(INSTANT, { locale: 'en-US' })).toBe('Mar 2, 2026, 8:30 AM');
    expect(formatDateTime(INSTANT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 2, 2026, 2:30 PM');
  });

  it('falls back to the browser\'s zone when none is chosen', () => {
    setReaderTimeZone(null);
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('takes the zone, theme and landing page from the sign-in answer, and forgets the zone at sign-out', async () => {
    const h = staffSessionHarness();
    h.actor.start();
    h.actor.send({ type: 'session.signIn', credentials: { email: 'agent@demo.test', password: 'pw' } });
    h.controls.login.resolve({ ...AGENT_LOGIN, landingPage: '/timesheet', theme: 'dark', timeZone: 'Europe/Berlin' });
    await flush();
    expect(h.actor.getSnapshot().context.landingPage).toBe('/timesheet');
    expect(readerTimeZone()).toBe('Europe/Berlin');
    expect(theme().getState().choice).toBe('dark');
    h.actor.send({ type: 'session.signOut' });
    h.controls.logout.resolve();
    await flush();
    expect(h.actor.getSnapshot().context.landingPage).toBeNull();
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('takes the zone from profile/me when a signed-in tab starts', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    h.controls.profileMe.resolve({ ...agentProfile(), timeZone: 'Australia/Sydney' });
    await flush();
    expect(readerTimeZone()).toBe('Australia/Sydney');
  });

  it('makes a request after a reload wait for the zone profile/me brings, not the browser\'s', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    let settled: string | undefined;
    void readerTimeZoneSettled().then((zone) => (settled = zone));
    await flush();
    expect(settled).toBeUndefined();
    h.controls.profileMe.resolve({ ...agentProfile(), timeZone: 'Pacific/Kiritimati' });
    await flush();
    expect(settled).toBe('Pacific/Kiritimati');
  });

  it('lets a request go on when profile/me fails, in the zone known so far', async () => {
    const h = staffSessionHarness(SIGNED_IN);
    h.actor.start();
    const settled = readerTimeZoneSettled();
    h.controls.profileMe.reject(new Error('profile lookup failed'));
    expect(await settled).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('answers at once when the session is not loading a profile', async () => {
    setReaderTimeZone('Asia/Tokyo');
    expect(await readerTimeZoneSettled()).toBe('Asia/Tokyo');
  });

  it('keeps the chosen zone in this browser for the next page load, and forgets it at sign-out', () => {
    setReaderTimeZone('Pacific/Kiritimati');
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('Pacific/Kiritimati');
    setReaderTimeZone(null);
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBeNull();
  });
});
