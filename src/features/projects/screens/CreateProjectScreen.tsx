import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { createProjectMachine, projectOptionsMachine } from '../machines/projects.machines';
import { EMPTY_PROJECT, ProjectFields, projectInputOf, type ProjectDraft } from './ProjectFields';
import { Breadcrumbs, Button, Form, FormActions, FormErrorBanner, PageHeader } from '@/shared/ui/components';

/** /create/project: a project for a company, with its owner, dates and budget; opens the project once saved. */
export default function CreateProjectScreen() {
  const [, navigate] = useLocation();
  const form = useActorRef(createProjectMachine, { input: { notices: { saved: () => 'Project created' } } });
  const options = useActorRef(projectOptionsMachine, { input: { query: '' } });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => s.context.result?.project.id);
  const [draft, setDraft] = useState<ProjectDraft>(EMPTY_PROJECT);

  useEffect(() => {
    if (created) navigate(`/project/${created}`);
  }, [created, navigate]);

  const submit = () => form.send({ type: 'form.submit', input: projectInputOf(draft) });

  return (
    <>
      <PageHeader title="Create Project" subtitle="A project for a client: its owner, dates and the hours budgeted." breadcrumbs={<Breadcrumbs items={[{ label: 'Projects', href: '/project/search' }, { label: 'Create Project' }]} />} />
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        validationErrors={fieldErrors}
      >
        <FormErrorBanner title={error ?? undefined} errors={Object.values(fieldErrors)} />
        <ProjectFields draft={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} staff={staff} fieldErrors={fieldErrors} />
        <FormActions>
          <Button variant="secondary" onPress={() => navigate('/project/search')}>Cancel</Button>
          <Button type="submit" variant="primary" isDisabled={busy}>
            Create project
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
