import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { chartSpec } from '@contracts/charts';
import { Chart } from '@/shared/ui/chart';
import {
  SURVEY_Q1_MIN,
  SURVEY_Q2_MIN,
  SURVEY_TITLE_CLIENT_CARE,
  SURVEY_TITLE_SUPPORT,
  SURVEY_TYPE_CLIENT_CARE,
  SURVEY_TYPE_SUPPORT,
} from '@contracts/common/constants';
import type { SurveyType } from '@contracts/surveys';
import { surveyResultsMachine, type SurveyResultsFilters } from '../machines/survey-results.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { SURVEY_TYPE_NAMES, surveyQuestionName } from '../survey-labels';
import { formatNumericDateTime } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const figure = (v: number | null, suffix = '') => (v === null ? '—' : `${v.toFixed(2)}${suffix}`);

/** Counts of one answer scale as a bar chart, its figures in the chart's table twin. */
function Distribution({ title, counts, first, noun }: { title: string; counts: number[]; first: number; noun: string }) {
  const spec = useMemo(() => {
    const total = counts.reduce((a, b) => a + b, 0);
    const summary =
      total === 0 ? `No ${noun} answers yet.` : `${total} answers. ${counts.map((n, i) => `${first + i}: ${n}`).join(', ')}.`;
    return chartSpec({
      kind: 'bar',
      title,
      summary,
      unit: 'count',
      categories: counts.map((_, i) => String(first + i)),
      categoryLabel: 'Answer',
      valueLabel: 'Responses',
      series: [{ name: 'Responses', values: counts }],
    });
  }, [title, counts, first, noun]);
  return <Chart spec={spec} height={220} />;
}

/** Reports → Survey results: CSAT, NPS, distributions and the free-text answers, with filters and CSV. */
export default function SurveyResultsScreen() {
  const actor = useActorRef(surveyResultsMachine);
  const results = useSelector(actor, (s) => s.context.results);
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const exporting = useSelector(actor, (s) => s.matches('exporting'));
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);

  const applyFilters = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '') || undefined;
    const company = text('companyId');
    const filters: SurveyResultsFilters = {
      from: text('from'),
      to: text('to'),
      companyId: company ? Number(company) : undefined,
      type: text('type') as SurveyType | undefined,
    };
    actor.send({ type: 'results.filter', filters });
  };

  const lastPage = results ? Math.max(1, Math.ceil(results.comments.total / pageSize)) : 1;
  return (
    <>
      <h1>Survey results</h1>
      <form className="card survey-filters" onSubmit={applyFilters} aria-label="Filters">
        <div className="field">
          <label htmlFor="survey-from">From</label>
          <input id="survey-from" name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor="survey-to">To</label>
          <input id="survey-to" name="to" type="date" />
        </div>
        <div className="field">
          <label htmlFor="survey-company">Company</label>
          <select id="survey-company" name="companyId" defaultValue="">
            <option value="">All companies</option>
            {results?.companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="survey-type">Survey</label>
          <select id="survey-type" name="type" defaultValue="">
            <option value="">Both surveys</option>
            <option value={SURVEY_TYPE_CLIENT_CARE}>{SURVEY_TITLE_CLIENT_CARE}</option>
            <option value={SURVEY_TYPE_SUPPORT}>{SURVEY_TITLE_SUPPORT}</option>
          </select>
        </div>
        <div className="survey-filter-actions">
          <button type="submit" className="btn" disabled={busy}>
            Apply
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy || !results} onClick={() => actor.send({ type: 'results.export' })}>
            {exporting ? 'Exporting…' : 'Export to CSV'}
          </button>
        </div>
      </form>

      {error ? (
        <div className="form-error" role="alert">
          {error}{' '}
          {failed ? (
            <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'results.retry' })}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}
      {busy && !results ? <Spinner label="Loading survey results" /> : null}

      {results ? (
        <div aria-busy={busy}>
          <section className="card" aria-labelledby="survey-summary">
            <h2 id="survey-summary">Summary</h2>
            <dl className="survey-figures">
              <div>
                <dt>Responses</dt>
                <dd data-testid="survey-responses">{results.responses}</dd>
              </div>
              <div>
                <dt>CSAT</dt>
                <dd data-testid="survey-csat">{figure(results.csat, '%')}</dd>
              </div>
              <div>
                <dt>NPS</dt>
                <dd data-testid="survey-nps">{figure(results.nps)}</dd>
              </div>
            </dl>
            <p className="muted">
              CSAT is the share of answers 4 or 5 to the first question; NPS is the share of 9–10 minus the share of 0–6 to the
              recommendation question. Only the latest response per survey link counts.
            </p>
            <div className="survey-distributions">
              <Distribution title="Satisfaction (Q1, 1–5)" noun="satisfaction" counts={results.q1Distribution} first={SURVEY_Q1_MIN} />
              <Distribution title="Recommendation (Q2, 0–10, client care)" noun="recommendation" counts={results.q2Distribution} first={SURVEY_Q2_MIN} />
            </div>
          </section>

          <section className="card" aria-labelledby="survey-comments">
            <h2 id="survey-comments">Responses and comments</h2>
            {results.comments.rows.length === 0 ? (
              <p>No data for table</p>
            ) : (
              <SimpleTable
                rows={results.comments.rows}
                rowKey={(r) => r.id}
                columns={[
                  { header: 'Received', cell: (r) => formatNumericDateTime(r.receivedAt) },
                  { header: 'Survey', cell: (r) => SURVEY_TYPE_NAMES[r.type] },
                  {
                    header: 'Company',
                    cell: (r) => (
                      <>
                        {r.companyName ?? 'N/A'}
                        {r.contactName ? <div className="muted">{r.contactName}</div> : null}
                      </>
                    ),
                  },
                  { header: 'Ticket', cell: (r) => (r.ticketId ? `#${r.ticketId} ${r.ticketTitle ?? ''}` : '—') },
                  { header: 'Q1', cell: (r) => r.q1 },
                  { header: 'Q2', cell: (r) => r.q2 ?? '—' },
                  {
                    header: 'Comments',
                    cell: (r) =>
                      Object.entries(r.texts).map(([q, text]) => (
                        <p key={q} className="survey-comment">
                          <strong>{surveyQuestionName(r.type, q)}:</strong> {text}
                        </p>
                      )),
                  },
                ]}
              />
            )}
            <nav className="pager" aria-label="Pages">
              <button type="button" className="btn btn-secondary" disabled={busy || page <= 1} onClick={() => actor.send({ type: 'results.page', page: page - 1 })}>
                Previous
              </button>
              <span>
                page {page} of {lastPage}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy || page >= lastPage}
                onClick={() => actor.send({ type: 'results.page', page: page + 1 })}
              >
                Next
              </button>
            </nav>
          </section>
        </div>
      ) : null}
    </>
  );
}
