import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { APPROVAL_STATE_LABELS, type ApprovalState } from '@contracts/approval-chart';
import { CHANGE_LIMITS, EMERGENCY_ROLES, SCR_STATUS_LABELS, riskScore, riskTerms, scrNumber, type ChangeView, type RiskTerm, type StoredRisk } from '@contracts/changes';
import { changeViewMachine, type commentMachine, type reviewMachine } from '../machines/changes.machines';
import { scrScreenMachine, selectCommentForm, selectMoveForm, selectReviewForm } from '../machines/scr-screen.machine';
import { MOVE_TEXTS, MoveForm } from './MoveForm';
import { DialogForm, RiskBadge, ScrPriorityBadge, ScrStatusBadge } from './parts';
import { ScrFiles } from './ScrFiles';
import styles from './changes.module.css';
import { inspection } from '@/shared/inspection';
import { usePageTitle } from '@/shared/page-title';
import type { ScreenProps } from '@/shared/routing';
import { StaffRoleContext } from '@/shared/session/role';
import { Alert, Badge, Button, Card, DateTime, Dialog, Form, FormErrorBanner, PageHeader, QueryView, RelativeTime, SkeletonCard, Switch, TextArea } from '@/shared/ui/components';
import { formatDate } from '@/shared/ui/tokens/format';

const ACTION_LABELS: Record<string, string> = {
  submitted: 'Submitted',
  review: 'Review started',
  approval_requested: 'Sent for approval',
  approved: 'Approved',
  emergency: 'Approved as an emergency',
  pre_approved: 'Approved as a standard change',
  rejected: 'Rejected',
  development: 'Development started',
  qa: 'Sent to QA',
  qa_failed: 'Failed QA',
  qa_passed: 'Passed QA',
  qa_blocked: 'QA blocked',
  released: 'Released',
};
/** A quote's link text: its number and title ("Q-1041 · SCR-7: Late fee line"). */
const quoteName = (scr: ChangeView) => [scr.quote_number ?? `Quote #${scr.quote_id}`, scr.quote_title].filter(Boolean).join(' · ');
const actionLabel = (a: string) => ACTION_LABELS[a] ?? a.replace(/_/g, ' ');
const LEVELS = { low: 'low', medium: 'medium', high: 'high' } as const;

const TERM_LABELS: Record<RiskTerm, (r: StoredRisk) => string> = {
  ratings: (r) => `${LEVELS[r.impact]} impact × ${LEVELS[r.complexity]} complexity`,
  touchesData: () => 'stored data',
  downtime: () => 'downtime',
  ownerAway: () => 'owner away',
};

/** The score's sum written out ("low impact × medium complexity 2 + owner away 2 = 4"). */
function RiskSum({ risk }: { risk: StoredRisk }) {
  const terms = riskTerms(risk);
  return <span>{`${terms.map((t) => `${TERM_LABELS[t.term](risk)} ${t.points}`).join(' + ')} = ${riskScore(risk)}`}</span>;
}

function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the change stands beyond its stage: the advisory step, the quote it waits for, a review after an emergency. */
function Waiting({ scr }: { scr: ChangeView }) {
  if (scr.status === 'under_review' && scr.approval_state && scr.approval_state !== 'approved' && scr.approval_state !== 'applied') {
    return scr.approval_state === 'inReview' ? (
      <Alert tone="info" title="Waiting on the change-advisory step">
        Its approvers decide in <Link href="/approvals">Approvals</Link>; it is approved once they do.
      </Alert>
    ) : (
      <Alert tone="warning" title={`The advisory step answered: ${scr.approval_state === 'rejected' ? 'rejected' : 'changes requested'}`}>
        Change the estimate or plans and send it for approval again, or reject the request.
      </Alert>
    );
  }
  if (scr.status === 'approved' && scr.billable && scr.quote_id && scr.quote_status !== 'accepted') {
    return (
      <Alert tone="warning" title="Development waits for the client to accept the quote">
        <Link href={`/quote/view/${scr.quote_id}`}>{quoteName(scr)}</Link> is {scr.quote_status ?? 'a draft'}.
      </Alert>
    );
  }
  return null;
}

/** An emergency change waiting for its review after the fact: why it skipped the advisory step, and (managers, admins) the review. */
function ReviewNeeded({ scr, screen }: { scr: ChangeView; screen: ActorRefFrom<typeof scrScreenMachine> }) {
  const role = useContext(StaffRoleContext) ?? 'user';
  if (!scr.needs_review) return null;
  return (
    <Alert tone="warning" title="Emergency change: review it after the fact">
      <p className={styles.text}>{scr.emergency_justification}</p>
      {EMERGENCY_ROLES.includes(role) ? (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onPress={() => screen.send({ type: 'review.open' })}>
            Mark reviewed
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>A manager or an admin reviews it.</p>
      )}
    </Alert>
  );
}

function ReviewForm({ scr, form, onCancel }: { scr: ChangeView; form: ActorRefFrom<typeof reviewMachine>; onCancel: () => void }) {
  const [notes, setNotes] = useState('');
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  return (
    <DialogForm
      label="Review the emergency change"
      error={error}
      refusals={refusals}
      busy={busy}
      intro={`Approved without the advisory step: ${scr.emergency_justification}`}
      submitLabel="Mark reviewed"
      onSubmit={() => form.send({ type: 'form.submit', input: { id: scr.id, input: { version: scr.version, notes } } })}
      onCancel={onCancel}
    >
      <TextArea
        label="Review notes"
        name="notes"
        rows={4}
        value={notes}
        isRequired
        description="What the review found: was the emergency justified, did the change and its rollback plan hold?"
        onChange={(v) => {
          setNotes(v);
          form.send({ type: 'form.change', field: 'notes' });
        }}
        errorMessage={fields.notes}
      />
    </DialogForm>
  );
}

function Comments({ scr, form, fresh }: { scr: ChangeView; form: ActorRefFrom<typeof commentMachine>; fresh: number }) {
  return (
    <Card title="Comments" headingLevel={2}>
      {scr.comments.length ? (
        <ol className={styles.timeline} aria-label="Comments">
          {scr.comments.map((c) => (
            <li key={c.id}>
              <div className={styles.meta}>
                <strong>{c.author}</strong>
                <RelativeTime value={c.created_at} />
                {c.client_visible ? <Badge tone="info">Client sees this</Badge> : <Badge>Internal</Badge>}
              </div>
              <p className={styles.text}>{c.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.muted}>No comments yet.</p>
      )}
      <CommentForm key={fresh} id={scr.id} form={form} />
    </Card>
  );
}

function CommentForm({ id, form }: { id: number; form: ActorRefFrom<typeof commentMachine> }) {
  const [body, setBody] = useState('');
  const [clientVisible, setClientVisible] = useState(false);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  return (
    <Form
      className={styles.form}
      aria-label="Add a comment"
      refusals={refusals}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: { id, input: { body, clientVisible } } });
      }}
    >
      <FormErrorBanner title={error ?? undefined} errors={[]} />
      <TextArea
        label="Comment"
        name="body"
        rows={3}
        value={body}
        onChange={(v) => {
          setBody(v);
          form.send({ type: 'form.change', field: 'body' });
        }}
        errorMessage={fields.body}
        maxLength={CHANGE_LIMITS.commentMax}
      />
      <div className={styles.actions}>
        <Switch isSelected={clientVisible} onChange={setClientVisible}>
          The client sees this comment
        </Switch>
        <Button type="submit" variant="secondary" isPending={busy}>
          Add comment
        </Button>
      </div>
    </Form>
  );
}

function ScrPage({ scr, screen }: { scr: ChangeView; screen: ActorRefFrom<typeof scrScreenMachine> }) {
  usePageTitle(`${scrNumber(scr.id)} ${scr.title}`);
  const moving = useSelector(screen, (s) => s.context.moving);
  const moveForm = useSelector(screen, selectMoveForm);
  const commentForm = useSelector(screen, selectCommentForm);
  const commented = useSelector(screen, (s) => s.context.commented);
  const reviewForm = useSelector(screen, selectReviewForm);
  const reviewing = useSelector(screen, (s) => s.matches('reviewing'));
  const waitingOnAdvisory = scr.status === 'under_review' && scr.approval_state === 'inReview';
  const next = scr.next.filter((to) => !(waitingOnAdvisory && to === 'approved'));
  const r = scr.risk_inputs;
  return (
    <div className={styles.page}>
      <PageHeader
        title={`${scrNumber(scr.id)} · ${scr.title}`}
        subtitle={
          <span className={styles.meta}>
            <ScrStatusBadge status={scr.status} />
            <ScrPriorityBadge priority={scr.priority} />
            {scr.emergency ? <Badge tone="danger">Emergency</Badge> : null}
            {scr.needs_review ? <Badge tone="warning">Needs review</Badge> : null}
            <span>{scr.company}</span>
            <span>
              raised <RelativeTime value={scr.created_at} />
            </span>
          </span>
        }
        actions={
          next.length ? (
            <div className={styles.actions} role="group" aria-label="Move the change request">
              {next.map((to) => (
                <Button key={to} variant={to === 'rejected' ? 'secondary' : 'primary'} onPress={() => screen.send({ type: 'move.open', to })}>
                  {MOVE_TEXTS[to].action}
                </Button>
              ))}
            </div>
          ) : null
        }
      />
      <Waiting scr={scr} />
      <ReviewNeeded scr={scr} screen={screen} />
      {scr.status === 'rejected' && scr.rejection_reason ? <Alert tone="danger" title="Rejected">{scr.rejection_reason}</Alert> : null}
      {scr.status === 'released' && scr.release_note ? <Alert tone="success" title="Released">{scr.release_note}</Alert> : null}
      <div className={styles.columns}>
        <div className={styles.column}>
          <Card title="Request" headingLevel={2}>
            <p className={styles.text}>{scr.description}</p>
            <Facts
              items={[
                ['Business reason', scr.business_reason ?? '—'],
                ['Requested by', scr.requested_by ?? '—'],
                ...(scr.template_name ? ([['Standard change', `${scr.template_name}${scr.template_pre_approved ? ' (pre-approved)' : ''}`]] as [string, React.ReactNode][]) : []),
                ['Owner', scr.owner ?? 'Nobody yet'],
                ['Target date', scr.target_date ? formatDate(scr.target_date, { timeZone: 'UTC' }) : '—'],
              ]}
            />
          </Card>
          <Card title="Estimate and plans" headingLevel={2}>
            {scr.estimate_hours === null ? (
              <p className={styles.muted}>Not estimated yet: the review estimates it before it is sent for approval.</p>
            ) : (
              <Facts
                items={[
                  ['Estimate', `${scr.estimate_hours} h`],
                  ['Billable', scr.billable ? 'Yes' : 'No'],
                  ['Implementation plan', <span className={styles.text}>{scr.implementation_plan}</span>],
                  ['Rollback plan', <span className={styles.text}>{scr.rollback_plan}</span>],
                ]}
              />
            )}
          </Card>
          <ScrFiles scr={scr} screen={screen} />
          <Comments scr={scr} form={commentForm} fresh={commented} />
        </div>
        <div className={styles.column}>
          <Card title="Risk" headingLevel={2}>
            {r ? (
              <Facts
                items={[
                  ['Score', <RiskBadge score={scr.risk_score} />],
                  ['How it adds up', <RiskSum risk={r} />],
                  ['Impact', LEVELS[r.impact]],
                  ['Complexity', LEVELS[r.complexity]],
                  ['Touches stored data', r.touchesData ? 'Yes' : 'No'],
                  ['Needs downtime', r.downtime ? 'Yes' : 'No'],
                  ['Owner away on the target date', r.ownerAway === undefined ? 'Not checked' : r.ownerAway ? 'Yes: leave approved or pending' : 'No'],
                ]}
              />
            ) : (
              <p className={styles.muted}>Not rated yet.</p>
            )}
          </Card>
          <Card title="Links" headingLevel={2}>
            <Facts
              items={[
                ['Project', scr.project_id ? <Link href={`/project/${scr.project_id}`}>{scr.project_name ?? `Project #${scr.project_id}`}</Link> : '—'],
                [
                  'Quote',
                  scr.quote_id ? (
                    <>
                      <Link href={`/quote/view/${scr.quote_id}`}>{quoteName(scr)}</Link> ({scr.quote_status})
                    </>
                  ) : (
                    '—'
                  ),
                ],
                ['QA', scr.qa_item_id ? <Link href={`/quality/qa?item=${scr.qa_item_id}`}>QA item #{scr.qa_item_id} ({scr.qa_status})</Link> : '—'],
                [
                  'Ticket',
                  scr.ticket_id ? (
                    <>
                      <Link href={`/ticket/${scr.ticket_id}`}>{scr.ticket_subject ?? `Ticket #${scr.ticket_id}`}</Link> <span className={styles.muted}>#{scr.ticket_id}</span>
                    </>
                  ) : (
                    '—'
                  ),
                ],
                [
                  'Approval',
                  scr.approval_request_id ? (
                    <>
                      <Link href={`/approvals/requests/${scr.approval_request_id}`}>Change-advisory request #{scr.approval_request_id}</Link>
                      {scr.approval_state ? ` (${(APPROVAL_STATE_LABELS[scr.approval_state as ApprovalState] ?? scr.approval_state).toLowerCase()})` : null}
                    </>
                  ) : (
                    '—'
                  ),
                ],
              ]}
            />
          </Card>
          <Card title="History" headingLevel={2}>
            <ol className={styles.timeline} aria-label="History">
              {scr.history.map((h) => (
                <li key={h.id}>
                  <div className={styles.meta}>
                    <strong>{actionLabel(h.action)}</strong>
                    <span>{SCR_STATUS_LABELS[h.to_status]}</span>
                  </div>
                  <div className={styles.meta}>
                    {h.by ? <span>{h.by}</span> : null}
                    <DateTime value={h.at} />
                  </div>
                  {h.note ? <p className={styles.text}>{h.note}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
      <Dialog isOpen={moving !== null} onOpenChange={(open) => (open ? undefined : screen.send({ type: 'move.close' }))} title={moving ? MOVE_TEXTS[moving].title : ''} size="md">
        {moving ? <MoveForm key={`${moving}-${scr.version}`} scr={scr} to={moving} form={moveForm} onCancel={() => screen.send({ type: 'move.close' })} /> : null}
      </Dialog>
      <Dialog isOpen={reviewing} onOpenChange={(open) => (open ? undefined : screen.send({ type: 'review.close' }))} title="Review the emergency change" size="md">
        {reviewing ? <ReviewForm scr={scr} form={reviewForm} onCancel={() => screen.send({ type: 'review.close' })} /> : null}
      </Dialog>
    </div>
  );
}

/** /software/change/request/:id: one change request with its moves, comments, links and history. */
export default function ChangeScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const view = useActorRef(changeViewMachine, { input: { query: id }, inspect: inspection.inspect });
  const screen = useActorRef(scrScreenMachine, { input: { view }, inspect: inspection.inspect });
  return (
    <QueryView actor={view} errorFallback="The change request could not be loaded" loading={<SkeletonCard label="Loading the change request" />}>
      {(scr) => <ScrPage scr={scr} screen={screen} />}
    </QueryView>
  );
}
