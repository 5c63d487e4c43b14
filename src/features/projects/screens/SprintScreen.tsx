import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, burndownChart, byRank, chartSpecOf, type SprintView } from '@contracts/projects';
import { sprintLifecycleMachine, type CloseSprintInput } from '../machines/sprint-lifecycle.machine';
import { sprintViewMachine } from '../machines/projects.machines';
import { SprintStatusBadge } from './parts';
import styles from './projects.module.css';
import type { ScreenProps } from '@/shared/routing';
import { Chart } from '@/shared/ui/chart';
import {
  Alert,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  ChartFrame,
  Dialog,
  FormErrorBanner,
  LinkButton,
  PageHeader,
  Radio,
  RadioGroup,
  Select,
  SkeletonCard,
  Stat,
} from '@/shared/ui/components';
import { formatDate } from '@/shared/ui/tokens/format';
import { usePageTitle } from '@/shared/page-title';

/** /project/sprint/{id} (re-keyed per sprint id): the sprint's tasks by column, its burndown, start and close. */
export default function SprintScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const query = useActorRef(sprintViewMachine, { input: { query: id } });
  const view = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  usePageTitle(view ? `${view.sprint.name} · ${view.sprint.project_name}` : null);
  if (!view) {
    return (
      <>
        <PageHeader title="Sprint" />
        {error ? <Alert tone="danger" title="The sprint could not be loaded" live>{error}</Alert> : <SkeletonCard />}
      </>
    );
  }
  return <SprintBody view={view} query={query} />;
}

/** The sprint as loaded; once it starts or closes, the lifecycle's answer shows and the sprint's query loads again. */
function SprintBody({ view, query }: { view: SprintView; query: ActorRefFrom<typeof sprintViewMachine> }) {
  const life = useActorRef(sprintLifecycleMachine, { input: { sprintId: view.sprint.id, status: view.sprint.status, reloads: query } });
  const changed = useSelector(life, (s) => s.context.view);
  const busy = useSelector(life, (s) => s.hasTag('busy'));
  const dialogOpen = useSelector(life, (s) => s.matches({ active: 'dialog' }) || s.matches({ active: 'closing' }));
  const lifeError = useSelector(life, (s) => s.context.error);
  const fieldErrors = useSelector(life, (s) => s.context.fieldErrors);
  const state = useSelector(life, (s) => (s.matches('planned') ? 'planned' : s.matches('active') ? 'active' : 'closed'));

  const { sprint, tasks, burndown } = changed ?? view;
  const spec = useMemo(() => chartSpecOf(burndownChart(burndown, `Burndown of ${sprint.name}`)), [burndown, sprint.name]);
  const remaining = burndown.remaining.filter((v): v is number => v !== null).at(-1) ?? burndown.committed;
  const columns = BOARD_COLUMNS.map((c) => ({ c, cards: tasks.filter((t) => t.column === c).sort(byRank) })).filter((x) => x.cards.length || x.c !== 'backlog');

  return (
    <div className={styles.page}>
      <PageHeader
        title={sprint.name}
        meta={<SprintStatusBadge status={sprint.status} />}
        subtitle={
          <>
            <Link href={`/project/${sprint.project_id}`}>{sprint.project_name}</Link> · {formatDate(sprint.start_date)} – {formatDate(sprint.end_date)}
            {sprint.goal ? ` · Goal: ${sprint.goal}` : ''}
          </>
        }
        breadcrumbs={<Breadcrumbs items={[{ label: 'Sprints', href: '/project/sprints' }, { label: sprint.name }]} />}
        actions={
          <>
            <LinkButton variant="secondary" href={`/project/kanban/${sprint.project_id}`}>
              Board
            </LinkButton>
            {state === 'planned' ? (
              <Button variant="primary" isDisabled={busy} onPress={() => life.send({ type: 'start' })}>
                Start sprint
              </Button>
            ) : null}
            {state === 'active' ? (
              <Button variant="primary" isDisabled={busy} onPress={() => life.send({ type: 'close.open' })}>
                Close sprint
              </Button>
            ) : null}
          </>
        }
      />
      {lifeError && !dialogOpen ? <Alert tone="danger" title={lifeError} live /> : null}
      <div className={styles.stats}>
        <Card padding="compact"><Stat label="Committed" value={`${sprint.committed_points} pt`} /></Card>
        <Card padding="compact"><Stat label="Done" value={`${sprint.done_points} pt`} /></Card>
        <Card padding="compact"><Stat label="Remaining" value={`${sprint.status === 'planned' ? sprint.committed_points : remaining} pt`} /></Card>
        {sprint.status === 'closed' ? <Card padding="compact"><Stat label="Carried over" value={`${sprint.spillover_points ?? 0} pt`} hint="Unfinished when it closed" /></Card> : null}
      </div>
      <ChartFrame title="Burndown" description={sprint.status === 'closed' ? 'Frozen when the sprint closed.' : 'Points remaining per day against the ideal line; scope changes are marked.'}>
        <Chart spec={spec} />
      </ChartFrame>
      <Card title="Tasks" description={`${tasks.length} in this sprint`}>
        {tasks.length ? (
          <div className={styles.stats}>
            {columns.map(({ c, cards }) => (
              <section key={c} aria-label={BOARD_COLUMN_LABELS[c]}>
                <h3 className={styles.muted}>
                  {BOARD_COLUMN_LABELS[c]} · {cards.length}
                </h3>
                <ul className={styles.list}>
                  {cards.map((t) => (
                    <li key={t.id}>
                      <span className={styles.grow}>{t.title}</span>
                      {t.estimate !== null ? <Badge tone="neutral">{t.estimate} pt</Badge> : null}
                      {t.assignee_name ? <Avatar name={t.assignee_name} size="sm" /> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <p className={styles.muted}>No tasks in this sprint. Add cards to it from the board.</p>
        )}
      </Card>
      <CloseSprintDialog
        isOpen={dialogOpen}
        busy={busy}
        unfinished={tasks.filter((t) => t.column !== 'done').length}
        next={view.next_sprints}
        error={lifeError}
        fieldErrors={fieldErrors}
        onCancel={() => life.send({ type: 'close.cancel' })}
        onConfirm={(input) => life.send({ type: 'close.confirm', input })}
      />
    </div>
  );
}

function CloseSprintDialog(props: {
  isOpen: boolean;
  busy: boolean;
  unfinished: number;
  next: { id: number; name: string }[];
  error: string | null;
  fieldErrors: Record<string, string>;
  onCancel: () => void;
  onConfirm: (input: CloseSprintInput) => void;
}) {
  const [where, setWhere] = useState<'backlog' | 'next'>('backlog');
  const [next, setNext] = useState<Key | null>(props.next[0]?.id ?? null);
  const confirm = useCallback(
    () => props.onConfirm(where === 'next' ? { unfinished: 'next', next_sprint_id: next === null ? null : Number(next) } : { unfinished: 'backlog' }),
    [props, where, next],
  );
  return (
    <Dialog
      title="Close sprint"
      description={
        props.unfinished
          ? `${props.unfinished} task${props.unfinished === 1 ? ' is' : 's are'} not done. Where should ${props.unfinished === 1 ? 'it' : 'they'} go?`
          : 'Every task is done. The burndown will be frozen.'
      }
      size="sm"
      isOpen={props.isOpen}
      onOpenChange={(o) => !o && props.onCancel()}
      footer={
        <>
          <Button variant="secondary" onPress={props.onCancel}>Cancel</Button>
          <Button variant="primary" isDisabled={props.busy} onPress={confirm}>
            Close sprint
          </Button>
        </>
      }
    >
      <FormErrorBanner title={props.error ?? undefined} errors={Object.values(props.fieldErrors)} />
      {props.unfinished ? (
        <RadioGroup label="Unfinished tasks go to" value={where} onChange={(v) => setWhere(v as 'backlog' | 'next')}>
          <Radio value="backlog">The backlog</Radio>
          <Radio value="next" isDisabled={!props.next.length}>
            The next sprint{props.next.length ? '' : ' (none planned)'}
          </Radio>
        </RadioGroup>
      ) : null}
      {where === 'next' && props.next.length ? (
        <Select label="Next sprint" items={props.next.map((s) => ({ id: s.id, label: s.name }))} value={next} onChange={(k) => setNext(k as Key | null)} errorMessage={props.fieldErrors.next_sprint_id} />
      ) : null}
    </Dialog>
  );
}
