import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ProjectRow } from '@contracts/projects';
import { projectsApi } from '../api';
import { HoursBar, ProjectStatusBadge } from './parts';
import styles from './projects.module.css';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { Card, LinkButton, SkeletonText } from '@/shared/ui/components';
import { SimpleTable } from '@/shared/ui/SimpleTable';
import { formatDate } from '@/shared/ui/tokens/format';

const companyProjectsMachine = createQueryMachine('companyProjects', (companyId: number) =>
  projectsApi.search({ company_id: String(companyId), size: '20', sort: 'status:asc,due_date:asc' }),
);

const COLUMNS = [
  { header: 'Project', cell: (p: ProjectRow) => <Link href={`/project/${p.id}`}>{p.name}</Link> },
  { header: 'Status', cell: (p: ProjectRow) => <ProjectStatusBadge status={p.status} /> },
  { header: 'Owner', cell: (p: ProjectRow) => p.owner_name },
  { header: 'Due', cell: (p: ProjectRow) => formatDate(p.due_date) },
  { header: 'Hours / budget', cell: (p: ProjectRow) => <HoursBar used={p.hours_used} budget={p.budget_hours} /> },
];

/** The company view's Projects section: the company's projects with status, owner, due date and hours. */
export default function CompanyProjectsSection({ companyId }: { companyId: number }) {
  const query = useActorRef(companyProjectsMachine, { input: { query: companyId } });
  const page = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  return (
    <Card
      title="Projects"
      description={page ? `${page.total} project${page.total === 1 ? '' : 's'}` : undefined}
      actions={<LinkButton href="/create/project" variant="secondary">Create Project</LinkButton>}
    >
      {error ? <p className={styles.muted}>{error}</p> : !page ? <SkeletonText lines={3} /> : page.rows.length ? <SimpleTable columns={COLUMNS} rows={page.rows} rowKey={(p) => p.id} /> : <p className={styles.muted}>No projects for this company yet.</p>}
    </Card>
  );
}
