/** The change requests' staff screens: the list on the server-mode table, and an SCR's page with its moves and comments (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGE, type ChangeRow, type ChangeView } from '@contracts/changes';
import { changesApi } from '@/features/changes/api';
import ChangeListScreen from '@/features/changes/screens/ChangeListScreen';
import ChangeScreen from '@/features/changes/screens/ChangeScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const ROW: ChangeRow = {
  id: 7,
  company_id: 2,
  company: 'Acme Water',
  title: 'Late fee on its own line',
  priority: 'high',
  status: 'in_qa',
  risk_score: 4,
  owner: 'Avery Agent',
  target_date: '2026-12-01',
  emergency: false,
  needs_review: false,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-21T09:00:00Z',
};
const SCR: ChangeView = {
  ...ROW,
  description: 'Bills should show the late fee on its own line.',
  business_reason: 'Customers call about it',
  owner_id: 3,
  requested_by: 'Casey Client',
  estimate_hours: 12,
  implementation_plan: 'Add the column and the report.',
  rollback_plan: 'Redeploy the last release.',
  release_note: null,
  rejection_reason: null,
  risk_inputs: { impact: 'low', complexity: 'medium', touchesData: true, downtime: false },
  billable: false,
  emergency_justification: null,
  needs_review: false,
  approval_request_id: 11,
  approval_state: 'applied',
  quote_id: null,
  quote_status: null,
  project_id: 5,
  project_name: 'SCR-7: Late fee on its own line',
  quote_number: null,
  quote_title: null,
  ticket_id: 12,
  ticket_subject: 'Late fee shows twice',
  qa_item_id: 9,
  qa_status: 'passed',
  template_id: null,
  template_name: null,
  template_pre_approved: false,
  version: 6,
  next: ['released'],
  history: [{ id: 1, from_status: null, to_status: 'submitted', action: 'submitted', by: 'Casey Client', note: null, at: '2026-11-20T09:00:00Z' }],
  comments: [{ id: 1, author: 'Avery Agent', body: 'Checked with finance.', client_visible: false, created_at: '2026-11-20T10:00:00Z' }],
  attachments: [],
};

type Seen = { posts: { url: string; body: Record<string, unknown> }[]; lists: URLSearchParams[] };

function serve(answer: (url: string, body: Record<string, unknown>) => Response, first: ChangeView = SCR): Seen {
  const seen: Seen = { posts: [], lists: [] };
  let current = first;
  server.use(
    http.get('*/api/v2/changes', ({ request }) => {
      seen.lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [ROW], total: 1, page: 1, pageSize: 25 });
    }),
    http.get('*/api/v2/changes/:id', () => HttpResponse.json(current)),
    http.post('*/api/v2/changes/:id/*', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const url = new URL(request.url).pathname;
      seen.posts.push({ url, body });
      const res = answer(url, body);
      if (res.status === 200 && url.endsWith('/transitions')) current = { ...SCR, status: 'released', release_note: String(body.releaseNote), next: [], version: 7 };
      return res;
    }),
    http.get('*/api/v2/preferences/table-size/changes', () => HttpResponse.json({ size: null })),
  );
  return seen;
}

describe('Software change requests', () => {
  it('lists the requests from the server, sending the table’s sort and filters as the endpoint’s query', async () => {
    const seen = serve(() => HttpResponse.json({}));
    renderAt('/software/change/request?sort=risk_score:desc&f.status=in_qa', <ChangeListScreen />);
    const table = await screen.findByRole('table', { name: /Change requests/ });
    expect(await within(table).findByRole('link', { name: 'SCR-7' })).toBeTruthy();
    expect(within(table).getByText('Acme Water')).toBeTruthy();
    const q = seen.lists.at(-1)!;
    expect(Object.fromEntries(q)).toMatchObject({ sort: 'risk', dir: 'desc', status: 'in_qa', page: '1' });
  });

  it('releases a change: the release note is asked for in plain words before anything is sent, then the move is sent with the version read', async () => {
    const user = userEvent.setup();
    const seen = serve(() => HttpResponse.json({ ...SCR, status: 'released', next: [], version: 7 }));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true });
    await user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the change' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Write the release note the client reads')).toBeTruthy();
    expect(seen.posts).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Release note/ }), 'The late fee has its own line.');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ url: '/api/v2/changes/7/transitions', body: { to: 'released', version: 6, releaseNote: 'The late fee has its own line.' } });
    expect(await screen.findByText('SCR-7 is released')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The late fee has its own line.')).toBeTruthy();
  });

  it('names the project and the ticket the change links to, rather than their numbers', async () => {
    serve(() => HttpResponse.json({}));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />);
    expect((await screen.findByRole('link', { name: 'SCR-7: Late fee on its own line' })).getAttribute('href')).toBe('/project/5');
    expect(screen.getByRole('link', { name: 'Late fee shows twice' }).getAttribute('href')).toBe('/ticket/12');
  });

  it('sets the target date in the review dialog, starting from the one already planned', async () => {
    const user = userEvent.setup();
    const seen = serve(() => HttpResponse.json({ ...SCR, status: 'under_review', next: ['approved', 'rejected'], version: 7 }), { ...SCR, status: 'submitted', next: ['under_review', 'rejected'] });
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true });
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the review' });
    const picker = within(dialog).getByRole('group', { name: /^Target date/ });
    const [, day] = within(picker).getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('{ArrowUp}');
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]!.body).toEqual({ to: 'under_review', version: 6, ownerId: 3, targetDate: '2026-12-02' });
  });

  it('attaches chosen files to the SCR: a file the server refuses is named beside the control and stays chosen; once attached the page lists it', async () => {
    const user = userEvent.setup();
    const refusal = 'page.txt is a HTML or other markup file, which cannot be attached';
    serve(() => HttpResponse.json({}));
    server.use(http.post('*/api/v2/changes/:id/attachments', () => HttpResponse.json({ error: { code: 'unsupported_media_type', message: refusal, fields: { files: refusal } } }, { status: 415 })));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true });
    await screen.findByRole('heading', { name: 'Attachments' });
    expect(screen.getByText(/No files yet/)).toBeTruthy();
    const input = () => document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;
    await user.upload(input(), [new File(['<html>'], 'page.txt', { type: 'text/plain' })]);
    await user.click(screen.getByRole('button', { name: 'Attach the file' }));
    await waitFor(() => expect(document.getElementById('scr-7-files-error')).toHaveTextContent(refusal));
    expect(screen.getByRole('list', { name: 'Files to attach' })).toHaveTextContent('page.txt');

    // The upload as the machine makes it (jsdom's File does not survive msw's copy of a multipart body; the API tests check the request).
    const spec = { id: 3, name: 'spec.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false };
    const attach = vi.spyOn(changesApi, 'attach').mockResolvedValue({ attachments: [spec] });
    server.use(http.get('*/api/v2/changes/:id', () => HttpResponse.json({ ...SCR, attachments: [spec] })));
    await user.click(screen.getByRole('button', { name: 'Remove page.txt' }));
    await user.upload(input(), [new File(['%PDF-1.7'], 'spec.pdf', { type: 'application/pdf' })]);
    await user.click(screen.getByRole('button', { name: 'Attach the file' }));
    expect(await screen.findByRole('button', { name: 'Download spec.pdf (2 KB)' })).toBeTruthy();
    expect(attach.mock.calls.map(([id, files]) => [id, files.map((f) => f.name)])).toEqual([[7, ['spec.pdf']]]);
    expect(await screen.findByText('File attached')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull());
    attach.mockRestore();
  });

  it('shows the server’s 409 above the move’s fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    serve(() => HttpResponse.json({ error: { code: 'conflict', message: 'This change request changed since you read it; reload it and try again' } }, { status: 409 }));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true });
    await user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the change' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Release note/ }), 'Own line.');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect((await within(dialog).findAllByText(/changed since you read it/)).length).toBeGreaterThan(0);
    expect((within(dialog).getByRole('textbox', { name: /^Release note/ }) as HTMLTextAreaElement).value).toBe('Own line.');
  });

  it('explains the risk score term by term, the owner’s leave on the target date among them', async () => {
    serve(() => HttpResponse.json({}), { ...SCR, risk_score: 6, risk_inputs: { impact: 'low', complexity: 'medium', touchesData: true, downtime: false, ownerAway: true } });
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />);
    expect((await screen.findByText('Owner away on the target date')).nextElementSibling).toHaveTextContent('Yes: leave approved or pending');
    expect(screen.getByText('low impact × medium complexity 2 + stored data 2 + owner away 2 = 6')).toBeTruthy();
  });

  it('adds a comment the client sees only when switched on', async () => {
    const user = userEvent.setup();
    const seen = serve(() => HttpResponse.json({ id: 2 }, { status: 201 }));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true });
    expect(await screen.findByText('Checked with finance.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Shipping Friday.');
    await user.click(screen.getByRole('switch', { name: 'The client sees this comment' }));
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ url: '/api/v2/changes/7/comments', body: { body: 'Shipping Friday.', clientVisible: true } });
    expect(await screen.findByText('Comment added')).toBeTruthy();
  });
});

describe('an emergency change’s review after the fact', () => {
  const URGENT: ChangeView = { ...SCR, status: 'approved', emergency: true, needs_review: true, emergency_justification: 'The rate changed today.', next: ['in_development'] };

  it('lists it with a "Needs review" badge and filters for it through the endpoint’s needsReview', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v2/changes', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [{ ...ROW, emergency: true, needs_review: true }], total: 1, page: 1, pageSize: 25 });
      }),
      http.get('*/api/v2/preferences/table-size/changes', () => HttpResponse.json({ size: null })),
    );
    renderAt('/software/change/request?f.needs_review=true', <ChangeListScreen />);
    const table = await screen.findByRole('table', { name: /Change requests/ });
    const row = (await within(table).findByRole('link', { name: 'SCR-7' })).closest('tr')!;
    expect(within(row).getByText('Needs review')).toBeTruthy();
    expect(seen.at(-1)!.get('needsReview')).toBe('true');
  });

  it('keeps the badges out of the title’s cut, and offers the review filter above the table at every width', async () => {
    const user = userEvent.setup();
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v2/changes', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [{ ...ROW, emergency: true, needs_review: true }], total: 1, page: 1, pageSize: 25 });
      }),
      http.get('*/api/v2/preferences/table-size/changes', () => HttpResponse.json({ size: null })),
    );
    renderAt('/software/change/request', <ChangeListScreen />);
    const table = await screen.findByRole('table', { name: /Change requests/ });
    const title = await within(table).findByRole('link', { name: ROW.title });
    const badge = within(title.closest('td')!).getByText('Needs review');
    // The title is cut with an ellipsis inside its own box; the badge sits beside it, not inside.
    expect(title.closest('.dt-cell')).not.toBeNull();
    expect(badge.closest('.dt-cell')).toBeNull();
    expect(seen.at(-1)!.get('needsReview')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Only emergency changes waiting for review' }));
    await waitFor(() => expect(seen.at(-1)!.get('needsReview')).toBe('true'));
  });

  it('has a manager mark it reviewed with notes: asked for in plain words first, then sent with the version read; the badge goes', async () => {
    const user = userEvent.setup();
    const posts: Record<string, unknown>[] = [];
    let current = URGENT;
    server.use(
      http.get('*/api/v2/changes/:id', () => HttpResponse.json(current)),
      http.post('*/api/v2/changes/:id/review', async ({ request }) => {
        posts.push((await request.json()) as Record<string, unknown>);
        current = { ...URGENT, needs_review: false, version: 7 };
        return HttpResponse.json(current);
      }),
    );
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { toasts: true, role: 'manager' });
    expect(await screen.findByText('Needs review')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the emergency change' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGE)).toBeTruthy();
    expect(posts).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Review notes/ }), 'Rollback tested.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(posts).toEqual([{ version: 6, notes: 'Rollback tested.' }]));
    expect(await screen.findByText('SCR-7 is reviewed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Needs review')).toBeNull());
  });

  it('tells other staff a manager or an admin reviews it, with no button', async () => {
    server.use(http.get('*/api/v2/changes/:id', () => HttpResponse.json(URGENT)));
    renderAt('/software/change/request/7', <ChangeScreen params={{ id: '7' }} />, { role: 'user' });
    expect(await screen.findByText('A manager or an admin reviews it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
  });
});
