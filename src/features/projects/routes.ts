import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/create/project', name: 'Create Project', screen: lazy(() => import('./screens/CreateProjectScreen')) },
  { path: '/project/search', name: 'Project Search', screen: lazy(() => import('./screens/ProjectSearchScreen')) },
  { path: '/project/sprints', name: 'Programming Sprints', screen: lazy(() => import('./screens/SprintsScreen')) },
  { path: '/active/project/stats', name: 'Active Project Stats', screen: lazy(() => import('./screens/ProjectStatsScreen')) },
  { path: '/project/kanban/:id', name: 'Project Kanban', screen: lazy(() => import('./screens/KanbanScreen')), keyBy: 'id' },
  { path: '/project/sprint/:id', name: 'Sprint', screen: lazy(() => import('./screens/SprintScreen')), keyBy: 'id' },
  { path: '/project/:id', name: 'Project', screen: lazy(() => import('./screens/ProjectViewScreen')), keyBy: 'id' },
];

/** Entries of the Projects group of the menu (spec 2.2). */
export const menu: MenuEntry[] = [
  { label: 'Create Project', target: { route: '/create/project' } },
  { label: 'Project Search', target: { route: '/project/search' } },
  { label: 'Programming Sprints', target: { route: '/project/sprints' } },
];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts); it loads when first shown. */
export const companySections: CompanyViewSection[] = [
  { id: 'projects', title: 'Projects', order: 20, component: lazy(() => import('./screens/CompanyProjectsSection')) },
];
