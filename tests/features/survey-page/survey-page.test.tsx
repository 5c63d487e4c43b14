import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { SurveyApp } from '@/features/survey-page/screens/SurveyPage';
import { formatDate } from '@/shared/ui/tokens/format';

const PHONE = '1-888-555-0100';
const bodies: unknown[] = [];
const checks: URL[] = [];
/** The link check answers "valid, not answered" unless a test says otherwise. */
const server = setupServer(
  http.get('/api/survey-keys/:key', ({ request }) => {
    checks.push(new URL(request.url));
    return HttpResponse.json({ valid: true, answered: false, answeredAt: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  bodies.length = 0;
  checks.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const accept = () =>
  server.use(
    http.post('/api/submitsurvey', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
  );

describe('survey page', () => {
  it('shows the thank-you card with header colour #007bff and corner radius 20 for kind -1, calling nothing', () => {
    render(<SurveyApp input={{ kind: -1, ticket: '', supportPhone: PHONE }} />);
    const title = screen.getByRole('heading', { level: 1, name: 'Thank you for your participation!' });
    expect(screen.getByText('You may now exit this web page.')).toBeVisible();
    expect(screen.getByTestId('thanks-header')).toHaveStyle({ background: '#007bff' });
    expect(title.closest('section')).toHaveStyle({ borderRadius: '20px' });
  });

  it('shows the logo, intro and footer, and the client care questions as labelled controls', async () => {
    render(<SurveyApp input={{ kind: 0, ticket: 'k', supportPhone: PHONE }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CLIENT CARE SURVEY' })).toBeVisible();
    expect(screen.getByRole('banner').querySelector('img')).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/Client Care/);
    const faces = screen.getByRole('group', { name: 'How would you rate your overall experience with us?' });
    expect(within(faces).getAllByRole('radio')).toHaveLength(5);
    expect(within(faces).getByRole('radio', { name: 'Neutral' })).toBeChecked();
    const scale = screen.getByRole('group', { name: 'How likely are you to recommend us to a friend or colleague?' });
    expect(within(scale).getAllByRole('radio')).toHaveLength(11);
    expect(within(scale).getByRole('radio', { name: '5' })).toBeChecked();
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box).toHaveAttribute('maxlength', String(SURVEY_TEXT_MAX));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('moves the face rating with the arrow keys and sends what was chosen', async () => {
    accept();
    const user = userEvent.setup();
    render(<SurveyApp input={{ kind: 1, ticket: 'key-1', supportPhone: PHONE }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Neutral' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Satisfied' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Did our team answer your questions promptly?' }), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    expect(bodies).toEqual([{ type: 'TCS', ticket: 'key-1', Q1: 4, Q2: '', Q3: 'Yes', Q4: '' }]);
  });

  it('alerts the exact failure text with the configured phone when the API is down, and keeps the answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/api/submitsurvey', () => HttpResponse.error()));
    const user = userEvent.setup();
    render(<SurveyApp input={{ kind: 1, ticket: 'key-1', supportPhone: PHONE }} />);
    await user.type(await screen.findByRole('textbox', { name: 'Additional comments' }), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(
      `There was an issue submitting your survey. Please try again, or contact Diversified Support at ${PHONE} Option 1 M-F 8:00am to 5:00pm.`,
    );
    expect(console.error).toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Additional comments' })).toHaveValue('Kept');
  });

  it('checks the link on open with its survey type, showing a loading outline and no form meanwhile', async () => {
    render(<SurveyApp input={{ kind: 1, ticket: 'key-1', supportPhone: PHONE }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your survey link…');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
    expect(checks.map((u) => `${u.pathname}${u.search}`)).toEqual(['/api/survey-keys/key-1?type=TCS']);
    expect(document.title).toBe('Support survey · Client Care');
  });

  it('says at once that an unknown link is not valid, with the support phone, and offers no form', async () => {
    server.use(http.get('/api/survey-keys/:key', () => HttpResponse.json({ valid: false, answered: false, answeredAt: null })));
    render(<SurveyApp input={{ kind: 0, ticket: 'no-such-key', supportPhone: PHONE }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This survey link is not valid' })).toBeVisible();
    expect(screen.getByText(/open it again from the email we sent you/)).toBeVisible();
    expect(screen.getByText(`If it still does not open, call Diversified Support at ${PHONE}, Option 1, M-F 8:00am to 5:00pm.`)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(document.title).toBe('Survey link not valid · Client Care');
  });

  it('says a malformed link is not valid without asking the server', () => {
    render(<SurveyApp input={{ kind: 1, ticket: 'not a key', supportPhone: '' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This survey link is not valid' })).toBeVisible();
    // No phone configured: no sentence with an empty number.
    expect(screen.queryByText(/call Diversified Support/)).toBeNull();
    expect(checks).toEqual([]);
  });

  it('says when the survey was answered before, and takes a new answer that counts', async () => {
    accept();
    const at = '2026-10-03T14:00:00Z';
    server.use(http.get('/api/survey-keys/:key', () => HttpResponse.json({ valid: true, answered: true, answeredAt: at })));
    const user = userEvent.setup();
    render(<SurveyApp input={{ kind: 0, ticket: 'key-2', supportPhone: PHONE }} />);
    const notice = await screen.findByText(`You already answered this survey on ${formatDate(at)}. You may answer it again: your latest answer is the one that counts.`);
    expect(notice).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('radio', { name: 'Dissatisfied' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your participation!' })).toBeVisible();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ type: 'CSS', ticket: 'key-2', Q1: 2, Q2: 5 });
  });

  it('shows the survey when the check fails, so a respondent is never stopped by it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get('/api/survey-keys/:key', () => HttpResponse.json({ error: { code: 'rate_limited' } }, { status: 429 })));
    render(<SurveyApp input={{ kind: 1, ticket: 'key-3', supportPhone: PHONE }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
    expect(screen.queryByText(/already answered/)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });
});
