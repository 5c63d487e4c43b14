/** Create Project (/create/project): the shared create page's machine (`createPageMachine`) over the project form. */
import type { SnapshotFrom } from 'xstate';
import type { CreateProjectInput, ProjectView } from '@contracts/projects';
import { createPageMachine, selectCreateForm } from '@/shared/machines/create-page.machine';
import { createProjectMachine } from './projects.machines';

export const createProjectScreenMachine = createPageMachine<CreateProjectInput, ProjectView>(createProjectMachine, {
  id: 'createProjectScreen',
  record: 'project',
  notices: { saved: () => 'Project created' },
  opened: (r) => `/project/${r.project.id}`,
  back: '/project/search',
  description: 'Create Project: the save and the page it opens (the new project, or the project search on Cancel).',
});

export const selectForm = (s: SnapshotFrom<typeof createProjectScreenMachine>) => selectCreateForm<CreateProjectInput, ProjectView>(s);
