import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { chartSpec } from '@contracts/charts';
import { Chart } from '@/shared/ui/chart';
import {
  SURVEY_Q1_MIN,
  SURVEY_Q2_MIN,
  SURVEY_TITLE_CLIENT_CARE,
  SURVEY_TITLE_SUPPORT,
  SURVEY_TYPE_CLIENT_CARE,
  SURVEY_TYPE_SUPPORT,
  TABLE_TEXTS,
} from '@contracts/common/constants';
import { formatNps, NPS_SCALE_TEXT, type SurveyType } from '@contracts/surveys';
import { surveyResultsMachine, type SurveyResultsFilters } from '../machines/survey-results.machine';
import { Alert, Button, Card, DatePicker, PageHeader, Select, SkeletonCard, type IsoDate } from '@/shared/ui/components';
import { SURVEY_TYPE_NAMES, surveyQuestionName } from '../survey-labels';
import { formatDateTime } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';
import styles from './SurveyResults.module.css';

/** The "any" choice of the company and survey filters. */
const ALL = 'all';
const TYPE_OPTIONS = [
  { id: ALL, label: 'Both surveys' },
  { id: SURVEY_TYPE_CLIENT_CARE, label: SURVEY_TITLE_CLIENT_CARE },
  { id: SURVEY_TYPE_SUPPORT, label: SURVEY_TITLE_SUPPORT },
];
/** The filters as chosen, applied with Apply. */
type Draft = { from: IsoDate | null; to: IsoDate | null; company: string; type: string };

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

  const [draft, setDraft] = useState<Draft>({ from: null, to: null, company: ALL, type: ALL });
  const companyOptions = useMemo(
    () => [{ id: ALL, label: 'All companies' }, ...(results?.companies ?? []).map((c) => ({ id: String(c.id), label: c.name }))],
    [results?.companies],
  );
  const applyFilters = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const filters: SurveyResultsFilters = {
      from: draft.from ?? undefined,
      to: draft.to ?? undefined,
      companyId: draft.company === ALL ? undefined : Number(draft.company),
      type: draft.type === ALL ? undefined : (draft.type as SurveyType),
    };
    actor.send({ type: 'results.filter', filters });
  };

  const lastPage = results ? Math.max(1, Math.ceil(results.comments.total / pageSize)) : 1;
  return (
    <>
      <PageHeader
        title="Survey results"
        subtitle="Satisfaction and recommendation scores from both surveys, with every comment."
        actions={
          <Button variant="secondary" isDisabled={busy || !results} isPending={exporting} pendingLabel="Exporting" onPress={() => actor.send({ type: 'results.export' })}>
            Export to CSV
          </Button>
        }
      />
      <Card padding="compact" className={styles.block}>
        <form className={styles.filters} onSubmit={applyFilters} aria-label="Filters">
          <DatePicker label="From" name="from" value={draft.from} maxValue={draft.to ?? undefined} onChange={(from) => setDraft((d) => ({ ...d, from }))} className={styles.field} />
          <DatePicker label="To" name="to" value={draft.to} minValue={draft.from ?? undefined} onChange={(to) => setDraft((d) => ({ ...d, to }))} className={styles.field} />
          <Select
            label="Company"
            name="companyId"
            items={companyOptions}
            value={draft.company}
            onChange={(key) => setDraft((d) => ({ ...d, company: String(key ?? ALL) }))}
            className={styles.field}
          />
          <Select label="Survey" name="type" items={TYPE_OPTIONS} value={draft.type} onChange={(key) => setDraft((d) => ({ ...d, type: String(key ?? ALL) }))} className={styles.field} />
          <div className={styles.filterActions}>
            <Button type="submit" variant="primary" isDisabled={busy}>
              Apply
            </Button>
          </div>
        </form>
      </Card>

      {error ? (
        <Alert tone="danger" title={error} live className={styles.block}>
          {failed ? (
            <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'results.retry' })}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {busy && !results ? <SkeletonCard label="Loading survey results" /> : null}

      {results ? (
        <div aria-busy={busy}>
          <Card title="Summary" asRegion id="survey-summary" className={styles.block}>
              <dl className={styles.figures}>
                <div>
                  <dt>Responses</dt>
                  <dd data-testid="survey-responses">{results.responses}</dd>
                </div>
                <div>
                  <dt>CSAT</dt>
                  <dd data-testid="survey-csat">{figure(results.csat, '%')}</dd>
                </div>
                <div>
                  <dt>
                    NPS <span className={styles.scale}>{NPS_SCALE_TEXT}</span>
                  </dt>
                  <dd data-testid="survey-nps">{formatNps(results.nps, navigator.language)}</dd>
                </div>
              </dl>
              <p className={styles.note}>
                CSAT is the share of answers 4 or 5 to the first question; NPS is the percentage of 9–10 (promoters) minus the
                percentage of 0–6 (detractors) to the recommendation question, from −100 to +100. Only the latest response per survey link counts.
              </p>
              <div className={styles.distributions}>
                <Distribution title="Satisfaction (Q1, 1–5)" noun="satisfaction" counts={results.q1Distribution} first={SURVEY_Q1_MIN} />
                <Distribution title="Recommendation (Q2, 0–10, client care)" noun="recommendation" counts={results.q2Distribution} first={SURVEY_Q2_MIN} />
              </div>
          </Card>

          <Card title="Responses and comments" asRegion id="survey-comments" className={styles.block}>
                  <div className={styles.comments}>
                  <SimpleTable
                    label="Responses and comments"
                    stack
                    empty={TABLE_TEXTS.empty}
                    rows={results.comments.rows}
                    rowKey={(r) => r.id}
                    columns={[
                      { header: 'Received', cell: (r) => <span className={styles.nowrap}>{formatDateTime(r.receivedAt)}</span> },
                      { header: 'Survey', cell: (r) => SURVEY_TYPE_NAMES[r.type] },
                      {
                        header: 'Company',
                        cell: (r) => (
                          <>
                            {r.companyName ?? 'N/A'}
                            {r.contactName ? <div className={styles.note}>{r.contactName}</div> : null}
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
                            <p key={q} className={styles.comment}>
                              <strong>{surveyQuestionName(r.type, q)}:</strong> {text}
                            </p>
                          )),
                      },
                    ]}
                  />
                  </div>
              <nav className={styles.pager} aria-label="Pages">
                <Button variant="secondary" size="sm" isDisabled={busy || page <= 1} onPress={() => actor.send({ type: 'results.page', page: page - 1 })}>
                  Previous
                </Button>
                <span>
                  page {page} of {lastPage}
                </span>
                <Button variant="secondary" size="sm" isDisabled={busy || page >= lastPage} onPress={() => actor.send({ type: 'results.page', page: page + 1 })}>
                  Next
                </Button>
              </nav>
          </Card>
        </div>
      ) : null}
    </>
  );
}
