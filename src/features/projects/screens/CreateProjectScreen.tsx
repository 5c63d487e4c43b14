import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { StaffSession } from '@/shared/session/staff-session';
import { createProjectScreenMachine, selectForm } from '../machines/create-project.machine';
import { projectOptionsMachine } from '../machines/projects.machines';
import { EMPTY_PROJECT, PROJECT_FIELD_OF, ProjectFields, projectInputOf, type ProjectDraft } from './ProjectFields';
import { Breadcrumbs, Button, Form, FormActions, FormErrorBanner, PageHeader } from '@/shared/ui/components';

const NO_ERRORS: Record<string, string> = {};

/** /create/project: a project for a company, with its owner (the signed-in user unless picked), dates and budget; opens the project once saved. */
export default function CreateProjectScreen() {
  const [, navigate] = useLocation();
  const screen = useActorRef(createProjectScreenMachine);
  const form = useSelector(screen, selectForm);
  const options = useActorRef(projectOptionsMachine, { input: { query: '' } });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const me = Number(StaffSession.useSelector((s) => s.context.user?.userid ?? ''));
  const fieldErrors = useSelector(form, (s) => s?.context.fieldErrors ?? NO_ERRORS);
  const error = useSelector(form, (s) => s?.context.error ?? null);
  const refusals = useSelector(form, (s) => s?.context.refusals ?? 0);
  const busy = useSelector(form, (s) => s?.hasTag('busy') ?? false);
  const [draft, setDraft] = useState<ProjectDraft>(EMPTY_PROJECT);
  // The owner of a new project is the person creating it, once the staff list shows them, until another is picked.
  const shown: ProjectDraft = draft.owner === null && staff.some((p) => p.id === me) ? { ...draft, owner: me } : draft;

  // The machine says which page opens next (the new project, or back on Cancel).
  useEffect(() => {
    const sub = screen.on('page.navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [screen, navigate]);

  return (
    <>
      <PageHeader title="Create Project" subtitle="A project for a client: its owner, dates and the hours budgeted." breadcrumbs={<Breadcrumbs items={[{ label: 'Projects', href: '/project/search' }, { label: 'Create Project' }]} />} />
      <Form
        aria-label="Create Project"
        onSubmit={(e) => {
          e.preventDefault();
          screen.send({ type: 'form.submit', input: projectInputOf(shown) });
        }}
        validationErrors={fieldErrors}
        refusals={refusals}
        onFieldBlur={(field) => screen.send({ type: 'form.blur', field, input: projectInputOf(shown) })}
      >
        <FormErrorBanner title={error ?? undefined} />
        <ProjectFields
          draft={shown}
          onChange={(change) => {
            setDraft((d) => ({ ...d, ...change }));
            for (const key of Object.keys(change) as (keyof ProjectDraft)[]) screen.send({ type: 'form.change', field: PROJECT_FIELD_OF[key] });
          }}
          staff={staff}
          fieldErrors={fieldErrors}
        />
        <FormActions>
          <Button variant="secondary" onPress={() => screen.send({ type: 'form.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isDisabled={busy}>
            Create project
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
