/** The time screens over msw: the timesheet grid's keyboard entry and week states, the timeclock, the tracker's resync and discard. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayInZone, mondayOf, weekDays, type TeamWeek, type TimeclockView, type TimesheetWeek } from '@contracts/time';
import TimeclockScreen from '@/features/time/screens/TimeclockScreen';
import TimesheetScreen from '@/features/time/screens/TimesheetScreen';
import TrackerScreen from '@/features/time/screens/TrackerScreen';
import { clockView, teamWeeks, trackerView } from './time.fixtures';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const WEEK = mondayOf(dayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone));
const DAYS = weekDays(WEEK);
const empty = () => DAYS.map(() => ({ minutes: 0, note: '', ticket_minutes: 0 }));
const week = (over: Partial<TimesheetWeek> = {}): TimesheetWeek => ({
  user: { id: 3, name: 'Avery Agent' },
  week: WEEK,
  days: DAYS,
  status: 'draft',
  reason: null,
  decided_at: null,
  decided_by: null,
  rows: [
    { item: { kind: 'company', id: 1 }, label: 'Acme Utilities', company: 'Managed services', billable: true, cells: empty() },
    { item: { kind: 'ticket', id: 42 }, label: '#42 Printer offline', company: 'Acme Utilities', billable: true, cells: empty() },
  ],
  totals: { days: DAYS.map(() => 0), week: 0, billable: 0 },
  changes: [],
  can_decide: false,
  ...over,
});

describe('timesheet grid', () => {
  it('takes hours typed as 1:30 or 1.5, saves on Enter and moves with the arrows; refuses what is not hours without a call', async () => {
    const puts: unknown[] = [];
    let current = week();
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(current)),
      http.put('*/api/v2/timesheet/cells', async ({ request }) => {
        const body = (await request.json()) as { minutes: number; day: string; item: { id: number } };
        puts.push(body);
        const rows = current.rows.map((r) => (r.item.id === body.item.id ? { ...r, cells: r.cells.map((c, i) => (DAYS[i] === body.day ? { ...c, minutes: body.minutes } : c)) } : r));
        current = { ...current, rows, totals: { days: DAYS.map((_, i) => rows.reduce((s, r) => s + r.cells[i]!.minutes, 0)), week: rows.reduce((s, r) => s + r.cells.reduce((a, c) => a + c.minutes, 0), 0), billable: 0 } };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    const grid = await screen.findByRole('table', { name: /Time of Avery Agent/ });
    const cells = within(grid).getAllByRole('textbox');
    expect(cells).toHaveLength(14);
    await user.click(cells[0]!);
    await user.keyboard('1:30{Enter}');
    await waitFor(() => expect(puts).toEqual([{ week: WEEK, item: { kind: 'company', id: 1 }, day: DAYS[0], minutes: 90 }]));
    // Enter went down to the ticket row; the right arrow goes to its Tuesday.
    expect(document.activeElement).toBe(cells[7]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cells[8]);
    await user.keyboard('1.5{Enter}');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ item: { kind: 'ticket', id: 42 }, day: DAYS[1], minutes: 90 });
    await waitFor(() => expect(within(grid).getAllByRole('row').at(-1)).toHaveTextContent('3:00'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cells[1]);
    await user.keyboard('abc{Enter}');
    expect(cells[1]).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(cells[1]).not.toHaveAttribute('aria-invalid');
  });

  it('shows a rejection with its reason and what changed since; a submitted week is locked', async () => {
    let current = week({ status: 'rejected', reason: 'Tuesday is missing its note', decided_by: 'Morgan Manager', decided_at: '2026-03-08T18:00:00Z', changes: [{ label: 'Acme Utilities', day: DAYS[0]!, before: 90, after: 120 }] });
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(current)),
      http.post('*/api/v2/timesheet/submit', () => {
        current = { ...current, status: 'submitted' };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    expect(await screen.findByText(/Rejected by Morgan Manager/)).toBeInTheDocument();
    expect(screen.getByText(/Tuesday is missing its note/)).toBeInTheDocument();
    expect(screen.getByText(/Changed since the last decision \(1\)/)).toBeInTheDocument();
    expect(screen.getByText(/1:30 → 2:00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit week' }));
    expect(await screen.findByText('Submitted for approval')).toBeInTheDocument();
    for (const cell of within(screen.getByRole('table')).getAllByRole('textbox')) expect(cell).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit week' })).toBeNull();
  });
});

describe('team weeks', () => {
  /** A manager's timesheet: their own empty week, the team's list, the member's week and the decisions the server took. */
  function manager() {
    const decisions: unknown[] = [];
    let team: TeamWeek[] = [...teamWeeks];
    server.use(
      http.get('*/api/v2/timesheet', ({ request }) => {
        const user = new URL(request.url).searchParams.get('user');
        if (!user) return HttpResponse.json(week({ user: { id: 1, name: 'Morgan Manager' }, rows: [] }));
        const member = team.find((w) => String(w.user_id) === user)!;
        return HttpResponse.json(week({ user: { id: member.user_id, name: member.name }, status: member.status, can_decide: true }));
      }),
      http.get('*/api/v2/timesheet/team', () => HttpResponse.json(team)),
      http.post('*/api/v2/timesheet/decisions', async ({ request }) => {
        const body = (await request.json()) as { users: number[]; decision: 'approve' | 'reject' };
        decisions.push(body);
        team = team.map((w) => (body.users.includes(w.user_id) ? { ...w, status: body.decision === 'approve' ? 'approved' : 'rejected' } : w));
        return HttpResponse.json({ decided: body.users.length });
      }),
    );
    return { decisions };
  }

  it("opens a submitted week in a manager's words, the whole week shown, and approves it from there", async () => {
    const { decisions } = manager();
    const user = userEvent.setup();
    renderAt('/timesheet', <TimesheetScreen />, { role: 'manager' });
    await user.click(await screen.findByRole('tab', { name: 'Team' }));
    const list = await screen.findByRole('table', { name: 'Weeks of my team' });
    await user.click(within(list).getByText('Avery Agent'));
    const dialog = await screen.findByRole('dialog', { name: /Avery Agent, week of/ });
    expect(await within(dialog).findByText(/^Submitted by Avery Agent on /)).toBeInTheDocument();
    expect(within(dialog).getByText('Approve it, or send it back with a reason.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/until your manager approves/)).toBeNull();
    expect(within(dialog).getByRole('table', { name: /Time of Avery Agent/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve week' }));
    await waitFor(() => expect(decisions).toEqual([{ week: WEEK, users: [3], decision: 'approve' }]));
    await waitFor(() => expect(within(list).getAllByRole('row').find((r) => r.textContent?.includes('Avery Agent'))).toHaveTextContent('Approved'));
  });

  it('sends a week back from the week itself, asking for the reason first', async () => {
    const { decisions } = manager();
    const user = userEvent.setup();
    renderAt('/timesheet', <TimesheetScreen />, { role: 'manager' });
    await user.click(await screen.findByRole('tab', { name: 'Team' }));
    await user.click(within(await screen.findByRole('table', { name: 'Weeks of my team' })).getByText('Avery Agent'));
    const dialog = await screen.findByRole('dialog', { name: /Avery Agent, week of/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Send back…' }));
    const ask = await screen.findByRole('dialog', { name: 'Send the week back' });
    expect(within(ask).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(within(ask).getByRole('textbox', { name: /Reason/ }), 'Tuesday is missing its note');
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions).toEqual([{ week: WEEK, users: [3], decision: 'reject', reason: 'Tuesday is missing its note' }]));
  });

  it('clears the selection after a bulk decision, so the count beside the table and the buttons agree', async () => {
    const { decisions } = manager();
    const user = userEvent.setup();
    renderAt('/timesheet', <TimesheetScreen />, { role: 'manager' });
    await user.click(await screen.findByRole('tab', { name: 'Team' }));
    const list = await screen.findByRole('table', { name: 'Weeks of my team' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select row 3' }));
    expect(screen.getByText('1 row(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    await waitFor(() => expect(within(list).getAllByRole('row').find((r) => r.textContent?.includes('Avery Agent'))).toHaveTextContent('Approved'));
    expect(screen.queryByText(/row\(s\) selected/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();
  });
});

/** A promise the test settles: the server's answer held until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('timesheet saves', () => {
  /** The week's server: cells set as sent, every call logged; a PUT waits for its gate when one is given. */
  function weekServer(start: TimesheetWeek, gates: ReturnType<typeof gate>[] = []) {
    const log: string[] = [];
    const puts: { item: { id: number }; day: string; minutes: number; note?: string }[] = [];
    let current = start;
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(current)),
      http.put('*/api/v2/timesheet/cells', async ({ request }) => {
        const body = (await request.json()) as (typeof puts)[number];
        log.push(`PUT ${body.minutes}`);
        puts.push(body);
        await gates.shift()?.opened;
        const rows = current.rows.map((r) => (r.item.id === body.item.id ? { ...r, cells: r.cells.map((c, i) => (DAYS[i] === body.day ? { ...c, minutes: body.minutes, note: body.note ?? c.note } : c)) } : r));
        current = { ...current, rows };
        return HttpResponse.json(current);
      }),
      http.post('*/api/v2/timesheet/submit', () => {
        log.push('POST submit');
        current = { ...current, status: 'submitted' };
        return HttpResponse.json(current);
      }),
    );
    return { log, puts };
  }

  it('keeps what is being typed in a cell while another cell’s save answers', async () => {
    const first = gate();
    const { puts } = weekServer(week(), [first]);
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    const cells = within(await screen.findByRole('table', { name: /Time of Avery Agent/ })).getAllByRole('textbox');
    await user.click(cells[0]!);
    await user.keyboard('1:30{Tab}');
    await waitFor(() => expect(puts).toHaveLength(1));
    // Tuesday is being typed in while Monday's save is on its way.
    expect(document.activeElement).toBe(cells[1]);
    await user.keyboard('2');
    await act(async () => first.open());
    await waitFor(() => expect(cells[0]).toHaveValue('1:30'));
    expect(screen.getByRole('status')).not.toHaveTextContent('Saving…');
    expect(cells[1]).toHaveValue('2');
    await user.keyboard(':15{Enter}');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ day: DAYS[1], minutes: 135 });
  });

  it('submits the week after the cell saves under way, never before them', async () => {
    const first = gate();
    const { log } = weekServer(week(), [first]);
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    const cells = within(await screen.findByRole('table', { name: /Time of Avery Agent/ })).getAllByRole('textbox');
    await user.click(cells[0]!);
    await user.keyboard('1:00{Enter}');
    await waitFor(() => expect(log).toEqual(['PUT 60']));
    // Enter went down to the ticket row: 2:00 waits behind the first save.
    await user.keyboard('2:00{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit week' }));
    expect(log).toEqual(['PUT 60']);
    await act(async () => first.open());
    await waitFor(() => expect(log).toEqual(['PUT 60', 'PUT 120', 'POST submit']));
    expect(await screen.findByText('Submitted for approval')).toBeInTheDocument();
  });

  it('saves a note sent while a cell save is on its way, after it', async () => {
    const first = gate();
    const withTicketTime = week();
    withTicketTime.rows[1]!.cells[0] = { minutes: 30, note: '', ticket_minutes: 0 };
    const { puts } = weekServer(withTicketTime, [first]);
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    const cells = within(await screen.findByRole('table', { name: /Time of Avery Agent/ })).getAllByRole('textbox');
    await user.click(cells[0]!);
    await user.keyboard('1:00{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    // Enter selected the ticket row's Monday: its note is written and saved while Monday's save waits.
    await user.type(screen.getByRole('textbox', { name: /^Note for #42 Printer offline/ }), 'Rebooted the spooler');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await act(async () => first.open());
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ item: { id: 42 }, day: DAYS[0], minutes: 30, note: 'Rebooted the spooler' });
  });
});

describe('timesheet project rows', () => {
  it('adds a project row from the server search (closed projects left out), links it to the project, and takes hours typed in it', async () => {
    const searches: string[] = [];
    const posts: unknown[] = [];
    const puts: unknown[] = [];
    const projectRow = { id: 7, name: 'Portal relaunch', company_name: 'Acme Utilities', company_id: 1, owner_id: 2, owner_name: 'Morgan Manager', start_date: null, due_date: null, budget_hours: 10, hours_used: 0 };
    let current = week();
    const withMonday = (minutes: number) => ({ ...current, rows: current.rows.map((r) => (r.item.kind === 'project' ? { ...r, cells: r.cells.map((c, i) => (i === 0 ? { ...c, minutes } : c)) } : r)) });
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(current)),
      http.get('*/api/v2/projects', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          rows: [
            { ...projectRow, status: 'active' },
            { ...projectRow, id: 8, name: 'Portal pilot', status: 'done' },
          ],
          page: 1,
          size: 50,
          total: 2,
          totalExact: true,
        });
      }),
      http.post('*/api/v2/timesheet/rows', async ({ request }) => {
        posts.push(await request.json());
        current = {
          ...current,
          rows: [{ item: { kind: 'project', id: 7 }, label: 'Portal relaunch', company: 'Acme Utilities', billable: true, cells: empty() }, ...current.rows],
        };
        return HttpResponse.json(current);
      }),
      http.put('*/api/v2/timesheet/cells', async ({ request }) => {
        const body = (await request.json()) as { minutes: number };
        puts.push(body);
        current = { ...withMonday(body.minutes), totals: { days: DAYS.map((_, i) => (i === 0 ? body.minutes : 0)), week: body.minutes, billable: body.minutes } };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    await screen.findByRole('table', { name: /Time of Avery Agent/ });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a row' });
    await user.click(within(dialog).getByRole('radio', { name: 'A project' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Project' }), 'portal');
    await waitFor(() => expect(searches).toContain('portal'));
    expect(await screen.findByRole('option', { name: 'Portal relaunch · Acme Utilities' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Portal pilot/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Portal relaunch · Acme Utilities' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(posts).toEqual([{ week: WEEK, item: { kind: 'project', id: 7 } }]));
    const grid = await screen.findByRole('table', { name: /Time of Avery Agent/ });
    const link = await within(grid).findByRole('link', { name: 'Project Portal relaunch' });
    expect(link).toHaveAttribute('href', '/project/7');
    // The project row is the grid's first row: its Monday takes 2:00 by keyboard, Enter saves.
    const monday = within(grid).getAllByRole('textbox', { name: /^Hours for Portal relaunch on / })[0]!;
    await user.click(monday);
    await user.keyboard('2:00{Enter}');
    await waitFor(() => expect(puts).toEqual([{ week: WEEK, item: { kind: 'project', id: 7 }, day: DAYS[0], minutes: 120 }]));
    await waitFor(() => expect(within(grid).getAllByRole('row').at(-1)).toHaveTextContent('2:00'));
    expect(monday).toHaveValue('2:00');
  });

  it('asks for a project before adding a project row, without a call', async () => {
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(week())),
      http.post('*/api/v2/timesheet/rows', async ({ request }) => (posts.push(await request.json()), HttpResponse.json(week()))),
    );
    const user = userEvent.setup();
    render(<TimesheetScreen />);
    await screen.findByRole('table', { name: /Time of Avery Agent/ });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a row' });
    await user.click(within(dialog).getByRole('radio', { name: 'A project' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add row' }));
    expect(await within(dialog).findByText('Choose a project')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });
});

describe('timeclock', () => {
  it('is one link away from the timesheet, and the timesheet one link away from it', async () => {
    server.use(
      http.get('*/api/v2/timesheet', () => HttpResponse.json(week())),
      http.get('*/api/v2/timeclock', () => HttpResponse.json(clockView.out)),
    );
    const sheet = renderAt('/timesheet', <TimesheetScreen />);
    expect(await screen.findByRole('link', { name: 'Time clock' })).toHaveAttribute('href', '/timeclock');
    sheet.unmount();
    render(<TimeclockScreen />);
    expect(await screen.findByRole('link', { name: 'Timesheet' })).toHaveAttribute('href', '/timesheet');
  });

  it('punches in and takes a break; a punch refused by another tab reads the server again and says why', async () => {
    let state: TimeclockView = clockView.out;
    const punches: string[] = [];
    server.use(
      http.get('*/api/v2/timeclock', () => HttpResponse.json(state)),
      http.post('*/api/v2/timeclock/punch', async ({ request }) => {
        const { action } = (await request.json()) as { action: string };
        punches.push(action);
        if (action === 'breakStart') {
          state = clockView.out; // another device punched out meanwhile
          return HttpResponse.json({ error: { code: 'conflict', message: 'You are not punched in' } }, { status: 409 });
        }
        state = clockView.in;
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    render(<TimeclockScreen />);
    await user.click(await screen.findByRole('button', { name: 'Punch in' }));
    expect(await screen.findByRole('button', { name: 'Start break' })).toBeInTheDocument();
    expect(screen.getByText('Punched in')).toBeInTheDocument();
    expect(screen.getAllByText('2:00').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Start break' }));
    expect(await screen.findByText('You are not punched in')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Punch in' })).toBeInTheDocument();
    expect(punches).toEqual(['in', 'breakStart']);
  });
});

describe('tracker window', () => {
  it('counts from the server’s start time, follows a simulated clock, and resynchronises when shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-04-06T08:10:00Z'));
    let answer: object = trackerView.running;
    server.use(http.get('*/api/v2/ms/tracker/1/3', () => HttpResponse.json(answer)));
    render(<TrackerScreen params={{ id: '1', name: 'Acme Utilities', user_id: '3' }} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Time on the timer' })).toHaveTextContent('0:10:00'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByRole('status', { name: 'Time on the timer' })).toHaveTextContent('0:10:05');
    expect(screen.getByText('Running')).toBeInTheDocument();
    // Another device paused it: the window shows the server's paused time when shown again.
    answer = trackerView.paused;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(50);
    });
    await vi.waitFor(() => expect(screen.getByText('Paused')).toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Time on the timer' })).toHaveTextContent('0:05:00');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('discards a timer that cannot be posted, after confirmation: nothing is posted and the window is ready to start', async () => {
    const actions: string[] = [];
    let answer: object = trackerView.running;
    server.use(
      http.get('*/api/v2/ms/tracker/1/3', () => HttpResponse.json(answer)),
      http.post('*/api/v2/ms/tracker/1/3', async ({ request }) => {
        const { action } = (await request.json()) as { action: string };
        actions.push(action);
        if (action === 'stop') return HttpResponse.json({ error: { code: 'conflict', message: 'This time overlaps time entry 12, which was tracked at the same time; discard this timer and log the time on the timesheet' } }, { status: 409 });
        answer = trackerView.idle;
        return HttpResponse.json(trackerView.idle);
      }),
    );
    const user = userEvent.setup();
    render(<TrackerScreen params={{ id: '1', name: 'Acme Utilities', user_id: '3' }} />);
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Stop and post' }));
    expect(await screen.findByText(/overlaps time entry 12/)).toBeInTheDocument();
    // Changing one's mind keeps the timer.
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this timer?' });
    expect(dialog).toHaveTextContent('Its time is not posted');
    await user.click(within(dialog).getByRole('button', { name: 'Keep timer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(actions).toEqual(['stop']);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard this timer?' })).getByRole('button', { name: 'Discard timer' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Running')).not.toBeInTheDocument();
    expect(screen.queryByText('Time posted')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Time on the timer' })).toHaveTextContent('0:00:00');
    expect(actions).toEqual(['stop', 'discard']);
  });

  it('says why when the company has no contract', async () => {
    server.use(http.get('*/api/v2/ms/tracker/9/3', () => HttpResponse.json({ error: { code: 'not_found', message: 'Initech Power has no managed-services contract' } }, { status: 404 })));
    render(<TrackerScreen params={{ id: '9', name: 'Initech Power', user_id: '3' }} />);
    expect(await screen.findByText('Initech Power has no managed-services contract')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
