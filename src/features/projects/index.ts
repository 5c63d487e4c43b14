/** Projects, their kanban boards and sprints, for staff. */
import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import { cardMoveMachine } from './machines/card-move.machine';
import { sprintLifecycleMachine } from './machines/sprint-lifecycle.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'card-move', machine: cardMoveMachine, description: 'A kanban card move: shown at once, settled by the server or rolled back with its reason.' },
  { id: 'sprint-lifecycle', machine: sprintLifecycleMachine, description: 'A sprint from planned to active to closed, with the close dialog for unfinished work.' },
];

/** The company view's Projects section (the company page lists the company's projects). */
export const CompanyProjectsSection = lazy(() => import('./screens/CompanyProjectsSection'));

/** What this feature adds to a company's page (src/app/company-sections.ts lists it). */
export const companySections: CompanyViewSection[] = [{ id: 'projects', title: 'Projects', order: 20, component: CompanyProjectsSection }];
