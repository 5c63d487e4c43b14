import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyResults } from '@contracts/surveys';
import SurveyResultsScreen from '@/features/surveys/screens/SurveyResultsScreen';

const RESULTS: SurveyResults = {
  responses: 3,
  csat: 66.67,
  nps: 33.33,
  q1Distribution: [0, 1, 0, 1, 1],
  q2Distribution: [0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1],
  comments: {
    rows: [
      { id: 9, type: 'CSS', receivedAt: '2026-11-20T10:00:00Z', q1: 5, q2: 10, texts: { Q3: 'Great team' }, ticketId: null, ticketTitle: null, companyId: 1, companyName: 'Acme Utilities', contactName: 'Maria Smith' },
      { id: 8, type: 'TCS', receivedAt: '2026-11-19T10:00:00Z', q1: 2, q2: null, texts: { Q4: 'Call back sooner' }, ticketId: 42, ticketTitle: 'Printer down', companyId: 2, companyName: 'Globex Water', contactName: null },
    ],
    total: 45,
    page: 1,
    pageSize: 20,
  },
  companies: [
    { id: 1, name: 'Acme Utilities' },
    { id: 2, name: 'Globex Water' },
  ],
};

const queries: URLSearchParams[] = [];
const server = setupServer(
  http.get('/api/v2/surveys/results', ({ request }) => {
    const q = new URL(request.url).searchParams;
    queries.push(q);
    return HttpResponse.json({ ...RESULTS, comments: { ...RESULTS.comments, page: Number(q.get('page')) } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;

/** Types a date into a kit DatePicker: focus its first segment, then the digits of each segment. */
async function typeDate(user: User, label: string, month: string, day: string, year: string) {
  const group = screen.getByRole('group', { name: label });
  const [first] = within(group).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(`${month}${day}${year}`);
}

/** Chooses an option of a kit Select with the keyboard: focus, open with Enter, type to find, Enter. */
async function chooseOption(user: User, label: string, option: string) {
  const trigger = screen.getByRole('button', { name: new RegExp(`${label}$`) });
  trigger.focus();
  await user.keyboard('{Enter}');
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
  expect(trigger).toHaveTextContent(option);
}

describe('survey results screen', () => {
  it('shows responses, CSAT, NPS, distributions and comments with their ticket and company', async () => {
    render(<SurveyResultsScreen />);
    expect(await screen.findByTestId('survey-responses')).toHaveTextContent('3');
    expect(screen.getByTestId('survey-csat')).toHaveTextContent('66.67%');
    // NPS is the standard whole score, signed, on its −100 to +100 scale.
    expect(screen.getByTestId('survey-nps')).toHaveTextContent(/^\+33$/);
    expect(screen.getByText('−100 to +100')).toBeInTheDocument();
    const q1 = screen.getByRole('table', { name: 'Satisfaction (Q1, 1–5)' });
    expect(within(q1).getAllByRole('row')).toHaveLength(6);
    expect(within(q1).getByRole('row', { name: '5 1' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /Recommendation/ })).getAllByRole('row')).toHaveLength(12);
    // One chart per scale (the one chart component), its summary and table twin from the same counts.
    expect(screen.getByRole('img', { name: 'Satisfaction (Q1, 1–5). 3 answers. 1: 0, 2: 1, 3: 0, 4: 1, 5: 1.' })).toBeInTheDocument();
    expect(within(q1).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['10', '21', '30', '41', '51']);
    expect(screen.getByRole('img', { name: /^Recommendation \(Q2, 0–10, client care\)\. 3 answers\. 0: 0, 1: 0, 2: 0, 3: 1,/ })).toBeInTheDocument();
    expect(screen.getByText('Great team')).toBeVisible();
    // On a phone the comment rows stack as "header: value" lines; each cell carries its header.
    expect(screen.getByText('Great team').closest('td')).toHaveAttribute('data-label', 'Comments');
    expect(screen.getByText('#42 Printer down')).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Globex Water' })).toBeVisible();
    expect(screen.getByText('page 1 of 3')).toBeVisible();
  });

  it('filters by date range, company and survey type, starting again at page 1', async () => {
    const user = userEvent.setup();
    render(<SurveyResultsScreen />);
    await screen.findByTestId('survey-responses');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 2 of 3');
    expect(queries.at(-1)!.get('page')).toBe('2');
    // The kit's date pickers: typed segment by segment (month, day, year in en-US), keyboard only.
    await typeDate(user, 'From', '11', '01', '2026');
    await typeDate(user, 'To', '11', '30', '2026');
    // The kit's selects: opened and chosen with the keyboard.
    await chooseOption(user, 'Company', 'Globex Water');
    await chooseOption(user, 'Survey', 'SUPPORT SURVEY');
    expect(queries.at(-1)!.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('page 1 of 3');
    const q = queries.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({ from: '2026-11-01', to: '2026-11-30', companyId: '2', type: 'TCS', page: '1', pageSize: '20' });
  });

  it('says there is no data in the comments table when nothing matches, and still shows the figures', async () => {
    server.use(http.get('/api/v2/surveys/results', () => HttpResponse.json({ ...RESULTS, responses: 0, csat: null, nps: null, comments: { rows: [], total: 0, page: 1, pageSize: 20 } })));
    render(<SurveyResultsScreen />);
    expect(await screen.findByTestId('survey-responses')).toHaveTextContent('0');
    expect(screen.getByTestId('survey-csat')).toHaveTextContent('—');
    const comments = screen.getByRole('region', { name: 'Responses and comments' });
    expect(within(comments).getByRole('cell', { name: 'No data for table' })).toBeInTheDocument();
    expect(within(comments).getByText('page 1 of 1')).toBeVisible();
    expect(within(comments).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says why when the results cannot be loaded, and tries again', async () => {
    server.use(http.get('/api/v2/surveys/results', () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side' } }, { status: 500 }), { once: true }));
    const user = userEvent.setup();
    render(<SurveyResultsScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('survey-responses')).toHaveTextContent('3');
  });
});
