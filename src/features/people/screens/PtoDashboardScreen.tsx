import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { APPROVAL_STATE_LABELS, type ApprovalState } from '@contracts/approvals';
import { QUEUES, type Queue } from '@contracts/common/codes';
import { CERTIFICATION_TEXT_MAX, PTO_NOTE_MAX, type Certification, type CertificationInput, type PtoRequest, type QueueRule } from '@contracts/people-schedule';
import { StaffRoleContext } from '@/shared/session/role';
import { Alert, Badge, Button, Card, DatePicker, EmptyState, FormErrorBanner, LinkButton, PageHeader, QueryView, Select, SkeletonCard, Stat, TextArea, TextField, VisuallyHidden } from '@/shared/ui/components';
import { formatDate, formatDateTime } from '@/shared/ui/tokens/format';
import { ptoRequestMachine, type PtoField } from '../machines/pto-request.machine';
import { certificationMachine, certificationNamesMachine, leaveConflictsMachine, queueRuleMachine, queueRulesMachine, teamPtoMachine } from '../machines/schedule.machines';
import styles from './PtoDashboardScreen.module.css';

type Mine = ActorRefFrom<typeof ptoRequestMachine>;
const hours = (h: number) => `${Number(h.toFixed(2))} h`;
const UNITS = [{ id: 'days', label: 'Whole days' }, { id: 'hours', label: 'Hours of one day' }];
const stateLabel = (s: string) => APPROVAL_STATE_LABELS[s as ApprovalState] ?? s;
const stateTone = (s: string) => (s === 'applied' ? 'success' : s === 'rejected' ? 'danger' : 'warning') as 'success' | 'danger' | 'warning';

function expiryBadge(c: Certification) {
  if (c.daysLeft === null) return <Badge tone="neutral">Does not expire</Badge>;
  if (c.daysLeft < 0) return <Badge tone="danger">Expired</Badge>;
  return <Badge tone={c.daysLeft <= 30 ? 'danger' : c.daysLeft <= 90 ? 'warning' : 'success'}>{`${c.daysLeft} days left`}</Badge>;
}

function CertificationTable({ items, withPerson }: { items: Certification[]; withPerson?: boolean }) {
  if (!items.length) return <EmptyState compact headingLevel={null} title="No certifications" />;
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <thead>
          <tr>
            {withPerson ? <th scope="col">Person</th> : null}
            <th scope="col">Certification</th>
            <th scope="col">Issuer</th>
            <th scope="col">Earned</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id}>
              {withPerson ? <td>{c.person}</td> : null}
              <td>{c.name}</td>
              <td>{c.issuer}</td>
              <td>{formatDate(`${c.earnedOn}T12:00:00Z`)}</td>
              <td>
                {c.expiresOn ? `${formatDate(`${c.expiresOn}T12:00:00Z`)} ` : null}
                {expiryBadge(c)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestTable({ items, withPerson }: { items: PtoRequest[]; withPerson?: boolean }) {
  if (!items.length) return <EmptyState compact headingLevel={null} title="No leave" />;
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <thead>
          <tr>
            {withPerson ? <th scope="col">Person</th> : null}
            <th scope="col">Dates</th>
            <th scope="col">Hours</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id}>
              {withPerson ? <td>{r.requester}</td> : null}
              <td>{r.from === r.to ? formatDate(`${r.from}T12:00:00Z`) : `${formatDate(`${r.from}T12:00:00Z`)} – ${formatDate(`${r.to}T12:00:00Z`)}`}</td>
              <td>{hours(r.hours)}</td>
              <td>
                <Badge tone={stateTone(r.state)}>{stateLabel(r.state)}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestForm({ mine }: { mine: Mine }) {
  const fields = useSelector(mine, (s) => s.context.fields);
  const errors = useSelector(mine, (s) => s.context.errors);
  const error = useSelector(mine, (s) => s.context.error);
  const busy = useSelector(mine, (s) => s.hasTag('busy'));
  const set = (field: PtoField) => (value: string | null) => mine.send({ type: 'pto.field', field, value: value ?? '' });
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        mine.send({ type: 'pto.submit' });
      }}
    >
      <FormErrorBanner title={error ?? undefined} />
      <Select label="Ask for" items={UNITS} selectedKey={fields.unit} onSelectionChange={(k) => set('unit')(String(k))} />
      <div className={styles.row2}>
        <DatePicker label="First day" value={fields.from || null} onChange={set('from')} errorMessage={errors.from} isRequired />
        {fields.unit === 'days' ? (
          <DatePicker label="Last day" value={fields.to || null} onChange={set('to')} errorMessage={errors.to} isRequired />
        ) : (
          <TextField label="Hours" inputMode="decimal" value={fields.hours} onChange={set('hours')} errorMessage={errors.hours} isRequired />
        )}
      </div>
      <TextArea label="Note (optional)" value={fields.note} onChange={set('note')} maxLength={PTO_NOTE_MAX} errorMessage={errors.note} />
      <p className={styles.muted}>Your days off and public holidays are not counted. Your manager approves the request in Approvals.</p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => mine.send({ type: 'pto.clear' })}>
          Clear
        </Button>
        <Button type="submit" variant="primary" isPending={busy}>
          Request time off
        </Button>
      </div>
    </form>
  );
}

const EMPTY_CERT = { name: '', issuer: '', earnedOn: '', expiresOn: '' };

function AddCertification({ reload }: { reload: () => void }) {
  const [draft, setDraft] = useState(EMPTY_CERT);
  const form = useActorRef(certificationMachine, { input: { notices: { saved: (c: Certification) => `${c.name} added`, failed: 'The certification was not added' } } });
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const errors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const saved = useSelector(form, (s) => s.matches('saved'));
  const input = (): CertificationInput => ({ name: draft.name, issuer: draft.issuer, earnedOn: draft.earnedOn, expiresOn: draft.expiresOn || null });
  const change = (field: keyof typeof EMPTY_CERT) => (value: string | null) => {
    setDraft((d) => ({ ...d, [field]: value ?? '' }));
    form.send({ type: 'form.change', field });
  };
  if (saved) {
    return (
      <Button
        variant="secondary"
        onPress={() => {
          setDraft(EMPTY_CERT);
          form.send({ type: 'form.reset' });
          reload();
        }}
      >
        Add another certification
      </Button>
    );
  }
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: input() });
      }}
    >
      <FormErrorBanner title={error ?? undefined} />
      <div className={styles.row2}>
        <TextField label="Certification" value={draft.name} onChange={change('name')} maxLength={CERTIFICATION_TEXT_MAX} errorMessage={errors.name} isRequired />
        <TextField label="Issuer" value={draft.issuer} onChange={change('issuer')} maxLength={CERTIFICATION_TEXT_MAX} errorMessage={errors.issuer} isRequired />
        <DatePicker label="Earned on" value={draft.earnedOn || null} onChange={change('earnedOn')} errorMessage={errors.earnedOn} isRequired />
        <DatePicker label="Expires on (optional)" value={draft.expiresOn || null} onChange={change('expiresOn')} errorMessage={errors.expiresOn} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isPending={busy}>
          Add certification
        </Button>
      </div>
    </form>
  );
}

const QUEUE_ITEMS = QUEUES.map((q) => ({ id: q, label: q }));

/** For admins: which ticket queues require a certification of their assignees (assignment checks it). */
function QueueRules() {
  const rules = useActorRef(queueRulesMachine, { input: { query: null } });
  const form = useActorRef(queueRuleMachine, {
    input: {
      reloads: rules,
      reloadEvent: { type: 'query.reload' },
      notices: {
        saved: (r: QueueRule) => (r.certification ? `The ${r.queue} queue now requires ${r.certification}` : `The ${r.queue} queue requires no certification now`),
        failed: 'The queue rule was not saved',
      },
    },
  });
  const [queue, setQueue] = useState<Queue>(QUEUES[0]);
  const [name, setName] = useState('');
  const namesQuery = useActorRef(certificationNamesMachine, { input: { query: null } });
  const names = useSelector(namesQuery, (s) => s.context.data) ?? [];
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const errors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  return (
    <Card asRegion title="Queues that require a certification" description="A ticket in such a queue can only be assigned to someone whose certification of that name has not expired.">
      <div className={styles.stack}>
        <QueryView actor={rules} errorFallback="The queue rules could not be loaded">
          {(items) => (
            <div className={styles.scroller}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Queue</th>
                    <th scope="col">Certification required</th>
                    <th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((r) => (
                    <tr key={r.queue}>
                      <td>{r.queue}</td>
                      <td>{r.certification ?? <span className={styles.muted}>None</span>}</td>
                      <td>
                        {r.certification ? (
                          <Button size="sm" variant="secondary" aria-label={`Require no certification for ${r.queue}`} onPress={() => form.send({ type: 'form.submit', input: { queue: r.queue, certification: null } })}>
                            Require none
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryView>
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.send({ type: 'form.submit', input: { queue, certification: name } });
          }}
        >
          <FormErrorBanner title={error ?? undefined} />
          <div className={styles.row2}>
            <Select label="Queue" items={QUEUE_ITEMS} selectedKey={queue} onSelectionChange={(k) => setQueue(String(k) as Queue)} errorMessage={errors.queue} />
            <Select
              label="Certification required"
              placeholder="Pick a certification"
              items={names.map((n) => ({ id: n, label: n }))}
              selectedKey={name || null}
              onSelectionChange={(k) => {
                setName(k === null ? '' : String(k));
                form.send({ type: 'form.change', field: 'certification' });
              }}
              description={names.length ? 'The names people hold, so the rule and their certifications match.' : 'No one holds a certification yet: add one above first.'}
              errorMessage={errors.certification}
              isRequired
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" isPending={busy}>
              Save queue rule
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}

function Conflicts({ id }: { id: number }) {
  const query = useActorRef(leaveConflictsMachine, { input: { query: id } });
  return (
    <QueryView actor={query} errorFallback="The on-call check could not be loaded">
      {(c) =>
        c.uncovered.length ? (
          <Alert tone="warning" title={`Leaves ${c.uncovered.length} on-call stretch${c.uncovered.length === 1 ? '' : 'es'} uncovered`}>
            <ul className={styles.list}>
              {c.uncovered.map((u) => (
                <li key={`${u.teamName}-${u.startsAt}`}>
                  {u.teamName}: {formatDateTime(u.startsAt)} to {formatDateTime(u.endsAt)}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <p className={styles.muted}>No on-call hours are left uncovered.</p>
        )
      }
    </QueryView>
  );
}

function TeamSection() {
  const query = useActorRef(teamPtoMachine, { input: { query: null } });
  return (
    <QueryView actor={query} errorFallback="Your team's leave could not be loaded" loading={<SkeletonCard label="Loading your team" />}>
      {(team) => (
        <>
          <Card title="Requests waiting for you" description="Each with the on-call hours it would leave uncovered; decide in Approvals.">
            {team.pending.length ? (
              <div className={styles.pending}>
                {team.pending.map((r) => (
                  <section key={r.id} className={styles.request} aria-label={`${r.requester}: ${r.from} to ${r.to}`}>
                    <div className={styles.requestHead}>
                      <strong>
                        {r.requester}: {r.from === r.to ? formatDate(`${r.from}T12:00:00Z`) : `${formatDate(`${r.from}T12:00:00Z`)} – ${formatDate(`${r.to}T12:00:00Z`)}`} ({hours(r.hours)})
                      </strong>
                      <LinkButton size="sm" variant="secondary" href={`/approvals/requests/${r.id}`}>
                        Decide in Approvals
                      </LinkButton>
                    </div>
                    {r.note ? <p className={styles.muted}>{r.note}</p> : null}
                    <Conflicts id={r.id} />
                  </section>
                ))}
              </div>
            ) : (
              <EmptyState compact headingLevel={null} title="Nothing waits for you" />
            )}
          </Card>
          <Card title="Team calendar, next 60 days" padding="none">
            <RequestTable items={team.leave} withPerson />
          </Card>
          <Card title="Certifications expiring within 90 days" padding="none">
            <CertificationTable items={team.expiring} withPerson />
          </Card>
        </>
      )}
    </QueryView>
  );
}

/** /certification-pto-dashboard: my balance, requests and certifications; a manager's team below. */
export default function PtoDashboardScreen() {
  const mine = useActorRef(ptoRequestMachine);
  const data = useSelector(mine, (s) => s.context.data);
  const failed = useSelector(mine, (s) => s.matches('failed'));
  const loadError = useSelector(mine, (s) => s.context.loadError);
  const role = useContext(StaffRoleContext);
  const manages = role === 'manager' || role === 'admin';
  return (
    <div className={styles.page}>
      <PageHeader title="Certification and PTO Dashboard" subtitle="Your paid time off, your requests and your certifications." />
      {failed ? (
        <Alert tone="danger" live title={loadError ?? 'Your PTO could not be loaded'}>
          <Button size="sm" variant="secondary" onPress={() => mine.send({ type: 'pto.retry' })}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {!data ? (
        failed ? null : <SkeletonCard label="Loading your PTO" />
      ) : (
        <>
          <Card title="My balance" description={data.plan ? `${data.plan.name} plan: ${hours(data.plan.hoursPerMonth)} a month up to ${hours(data.plan.capHours)}; up to ${hours(data.plan.carryOverHours)} carry over into the new year and expire after month ${data.plan.carryOverExpires}.` : 'You are on no PTO plan yet; ask your manager.'}>
            <div className={styles.stats}>
              <Stat label="Available" value={hours(data.balance.available)} hint={`as of ${formatDate(`${data.asOf}T12:00:00Z`)}`} />
              <Stat label="Accrued" value={hours(data.balance.accrued)} hint="carried over and earned this year" />
              <Stat label="Approved" value={hours(data.balance.approved)} hint={`leave in ${data.asOf.slice(0, 4)} and later`} />
              <Stat label="Pending" value={hours(data.balance.pending)} />
            </div>
          </Card>
          <div className={styles.columns}>
            <Card title="Request time off">
              <RequestForm mine={mine} />
            </Card>
            <Card title="My requests" padding="none">
              <RequestTable items={data.requests} />
            </Card>
          </div>
          <Card title="My certifications" description="Reminders reach you by mail 90, 60, 30 and 7 days before one expires.">
            <div className={styles.stack}>
              <CertificationTable items={data.certifications} />
              <AddCertification reload={() => mine.send({ type: 'pto.retry' })} />
            </div>
          </Card>
        </>
      )}
      {manages ? <TeamSection /> : null}
      {role === 'admin' ? <QueueRules /> : null}
    </div>
  );
}
