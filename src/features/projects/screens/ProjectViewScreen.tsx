import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, PROJECT_LIMITS, type ProjectView } from '@contracts/projects';
import {
  projectViewScreenMachine,
  selectDialog,
  selectProjectQuery,
  selectSprintDraft,
  selectSprintForm,
  type ProjectViewScreenActor,
  type SprintDraft,
  type SprintDraftField,
} from '../machines/project-view.machine';
import { EditProjectDialog } from './EditProjectDialog';
import { HoursBar, ProjectStatusBadge, SprintStatusBadge } from './parts';
import styles from './projects.module.css';
import type { ScreenProps } from '@/shared/routing';
import { inspection } from '@/shared/inspection';
import {
  Alert,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  DatePicker,
  Dialog,
  DialogTrigger,
  EmptyState,
  Form,
  FormErrorBanner,
  LinkButton,
  PageHeader,
  RelativeTime,
  SkeletonCard,
  SkeletonText,
  TextField,
} from '@/shared/ui/components';
import { formatDate } from '@/shared/ui/tokens/format';
import { usePageTitle } from '@/shared/page-title';

const NO_ERRORS: Record<string, string> = {};

/** /project/{id}: a project's facts, hours against budget, tasks, tickets, sprints and activity. Its dialogs and what follows a save live in its machine. */
export default function ProjectViewScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const screen = useActorRef(projectViewScreenMachine, { input: { projectId: id }, inspect: inspection.inspect });
  const query = useSelector(screen, selectProjectQuery);
  const view = useSelector(query, (s) => s?.context.data);
  const error = useSelector(query, (s) => s?.context.error ?? null);
  usePageTitle(view?.project.name);

  if (!view) {
    return (
      <>
        <PageHeader title="Project" />
        {error ? (
          <Alert tone="danger" title="The project could not be loaded" live>
            {error}
          </Alert>
        ) : (
          <div className={styles.grid2} aria-busy="true">
            <SkeletonCard />
            <SkeletonText lines={6} />
          </div>
        )}
      </>
    );
  }
  const { project, tasks, tickets, sprints, activity } = view;
  const counts = BOARD_COLUMNS.map((c) => ({ c, n: tasks.filter((t) => t.column === c).length }));
  const points = tasks.reduce((a, t) => a + (t.estimate ?? 0), 0);
  const donePoints = tasks.filter((t) => t.column === 'done').reduce((a, t) => a + (t.estimate ?? 0), 0);
  return (
    <div className={styles.page}>
      <PageHeader
        title={project.name}
        meta={<ProjectStatusBadge status={project.status} />}
        subtitle={
          <>
            <Link href={`/company/${project.company_id}`}>{project.company_name}</Link> · owned by {project.owner_name}
          </>
        }
        breadcrumbs={<Breadcrumbs items={[{ label: 'Projects', href: '/project/search' }, { label: project.name }]} />}
        actions={
          <>
            <EditProjectDialog screen={screen} project={project} />
            <PlanSprintDialog screen={screen} />
            <LinkButton href={`/project/kanban/${id}`} variant="primary">
              Open board
            </LinkButton>
          </>
        }
      />
      <div className={styles.grid2}>
        <div className={styles.stack}>
          <Card title="Description">
            {project.description ? <p className={styles.description}>{project.description}</p> : <p className={styles.muted}>No description yet.</p>}
          </Card>
          <Card
            title="Tasks"
            description={`${tasks.length} task${tasks.length === 1 ? '' : 's'} · ${donePoints} of ${points} points done`}
            actions={<Link href={`/project/kanban/${id}`}>Board</Link>}
          >
            {tasks.length ? (
              <>
                <p className={styles.actions}>
                  {counts.map(({ c, n }) => (
                    <Badge key={c} tone={c === 'done' ? 'success' : 'neutral'}>
                      {BOARD_COLUMN_LABELS[c]} {n}
                    </Badge>
                  ))}
                </p>
                <ul className={styles.list} aria-label="Tasks">
                  {tasks.slice(0, 12).map((t) => (
                    <li key={t.id}>
                      <span className={styles.grow}>{t.title}</span>
                      <Badge tone="neutral">{BOARD_COLUMN_LABELS[t.column]}</Badge>
                      {t.estimate !== null ? <span className={styles.muted}>{t.estimate} pt</span> : null}
                      {t.assignee_name ? <Avatar name={t.assignee_name} size="sm" /> : null}
                    </li>
                  ))}
                </ul>
                {tasks.length > 12 ? <Link href={`/project/kanban/${id}`}>All {tasks.length} tasks on the board</Link> : null}
              </>
            ) : (
              <EmptyState compact headingLevel={3} title="No tasks yet" text="Add the first cards on the board." actions={<LinkButton href={`/project/kanban/${id}`}>Open board</LinkButton>} />
            )}
          </Card>
          <Card title="Tickets" description="Tickets linked to the project's tasks.">
            {tickets.length ? (
              <ul className={styles.list} aria-label="Tickets">
                {tickets.map((k) => (
                  <li key={`${k.id}-${k.task_id}`}>
                    <Link href={`/ticket/${k.id}`}>#{k.id}</Link>
                    <span className={styles.grow}>{k.title}</span>
                    <span className={styles.muted}>via {k.task_title}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>No tickets linked. Link a ticket from a card's details on the board.</p>
            )}
          </Card>
          <Card title="Sprints">
            {sprints.length ? (
              <ul className={styles.list} aria-label="Sprints">
                {sprints.map((s) => (
                  <li key={s.id}>
                    <Link href={`/project/sprint/${s.id}`}>{s.name}</Link>
                    <SprintStatusBadge status={s.status} />
                    <span className={styles.grow}>
                      {formatDate(s.start_date)} – {formatDate(s.end_date)}
                    </span>
                    <span className={styles.muted}>
                      {s.done_points} / {s.committed_points} pt
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>No sprints yet. Plan one to time-box the work.</p>
            )}
          </Card>
        </div>
        <div className={styles.stack}>
          <Card title="Details">
            <dl className={styles.facts}>
              <dt>Company</dt>
              <dd>
                <Link href={`/company/${project.company_id}`}>{project.company_name}</Link>
              </dd>
              <dt>Owner</dt>
              <dd>{project.owner_name}</dd>
              <dt>Start</dt>
              <dd>{formatDate(project.start_date)}</dd>
              <dt>Due</dt>
              <dd>{formatDate(project.due_date)}</dd>
              <dt>Hours</dt>
              <dd>
                <HoursBar used={project.hours_used} budget={project.budget_hours} />
              </dd>
              <dt>Created</dt>
              <dd>
                <RelativeTime value={project.created_at} />
              </dd>
            </dl>
          </Card>
          <Card title="Activity">
            {activity.length ? (
              <ul className={styles.list} aria-label="Activity">
                {activity.map((a) => (
                  <li key={a.id}>
                    <span className={styles.activityText}>
                      <strong>{a.actor_name ?? 'System'}</strong> {a.summary}
                    </span>
                    <span className={styles.activityWhen}>
                      <RelativeTime value={a.at} />
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>Nothing yet.</p>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

function PlanSprintDialog({ screen }: { screen: ProjectViewScreenActor }) {
  const form = useSelector(screen, selectSprintForm);
  const fieldErrors = useSelector(form, (s) => s?.context.fieldErrors ?? NO_ERRORS);
  const error = useSelector(form, (s) => s?.context.error ?? null);
  const refusals = useSelector(form, (s) => s?.context.refusals ?? 0);
  const busy = useSelector(form, (s) => s?.hasTag('busy') ?? false);
  const isOpen = useSelector(screen, selectDialog) === 'sprint';
  const draft = useSelector(screen, selectSprintDraft);
  const submit = () => screen.send({ type: 'sprint.submit' });
  /** What the user typed or picked in a field, told to the machine. */
  const set =
    <F extends SprintDraftField,>(field: F) =>
    (value: SprintDraft[F]) =>
      screen.send({ type: 'sprint.set', field, value });
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(open) => screen.send({ type: open ? 'sprint.plan' : 'dialog.close' })}>
      <Button variant="secondary">Plan sprint</Button>
      <Dialog
        title="Plan a sprint"
        size="sm"
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>Cancel</Button>
            <Button
              variant="primary"
              isDisabled={busy}
              onPress={submit}
            >
              Plan sprint
            </Button>
          </>
        )}
      >
        <Form
          aria-label="Plan a sprint"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          refusals={refusals}
          onFieldBlur={(field) => screen.send({ type: 'sprint.blur', field: field as SprintDraftField })}
        >
          <FormErrorBanner title={error ?? undefined} />
          <TextField label="Name" name="name" value={draft.name} onChange={set('name')} isRequired maxLength={PROJECT_LIMITS.sprintName} errorMessage={fieldErrors.name} />
          <TextField label="Goal" name="goal" value={draft.goal} onChange={set('goal')} maxLength={PROJECT_LIMITS.goal} errorMessage={fieldErrors.goal} />
          <DatePicker label="Start date" name="start_date" value={draft.start_date} onChange={set('start_date')} isRequired errorMessage={fieldErrors.start_date} />
          <DatePicker label="End date" name="end_date" value={draft.end_date} onChange={set('end_date')} isRequired minValue={draft.start_date ?? undefined} errorMessage={fieldErrors.end_date} />
          <button type="submit" hidden />
        </Form>
      </Dialog>
    </DialogTrigger>
  );
}

export type { ProjectView };
