/** Edit project: the project's fields in a dialog over /project/{id}; only what changed is sent (and audited). */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Project, UpdateProjectInput } from '@contracts/projects';
import { projectOptionsMachine } from '../machines/projects.machines';
import { selectDialog, selectEditForm, type ProjectViewScreenActor } from '../machines/project-view.machine';
import { draftOf, PROJECT_FIELD_OF, ProjectFields, projectInputOf, type ProjectDraft } from './ProjectFields';
import { Button, Dialog, DialogTrigger, Form, FormErrorBanner } from '@/shared/ui/components';

/** The fields of `after` that differ from `before`. */
export function changedFields(before: ProjectDraft, after: ProjectDraft): UpdateProjectInput {
  const a = projectInputOf(before) as Record<string, unknown>;
  const b = projectInputOf(after) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== a[k])) as UpdateProjectInput;
}

/** The page's machine opens and closes the dialog; each opening has a form of its own (what was typed starts from the project again). */
export function EditProjectDialog({ screen, project }: { screen: ProjectViewScreenActor; project: Project }) {
  const isOpen = useSelector(screen, selectDialog) === 'edit';
  const form = useSelector(screen, selectEditForm);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(open) => screen.send({ type: open ? 'project.edit' : 'dialog.close' })}>
      <Button variant="secondary">Edit project</Button>
      {isOpen && form ? <EditProjectForm form={form} project={project} close={() => screen.send({ type: 'dialog.close' })} /> : <span hidden />}
    </DialogTrigger>
  );
}

type EditForm = NonNullable<ReturnType<typeof selectEditForm>>;

function EditProjectForm({ form, project, close }: { form: EditForm; project: Project; close: () => void }) {
  const options = useActorRef(projectOptionsMachine, { input: { query: '' } });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const [initial] = useState(() => draftOf(project));
  const [draft, setDraft] = useState<ProjectDraft>(initial);
  // Until the staff list loads, the owner picker still shows the current owner.
  const people = staff.length ? staff : [{ id: project.owner_id, name: project.owner_name }];

  const inputOf = (d: ProjectDraft) => ({ id: project.id, input: changedFields(initial, d) });
  const save = () => form.send({ type: 'form.submit', input: inputOf(draft) });

  return (
    <Dialog
      title="Edit project"
      description={project.name}
      footer={
        <>
          <Button variant="secondary" onPress={close}>Cancel</Button>
          <Button variant="primary" isDisabled={busy} onPress={save}>
            Save project
          </Button>
        </>
      }
    >
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        refusals={refusals}
        onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: inputOf(draft) })}
      >
        <FormErrorBanner title={error ?? undefined} />
        <ProjectFields
          draft={draft}
          onChange={(change) => {
            setDraft((d) => ({ ...d, ...change }));
            for (const key of Object.keys(change) as (keyof ProjectDraft)[]) form.send({ type: 'form.change', field: PROJECT_FIELD_OF[key] });
          }}
          staff={people}
          fieldErrors={fieldErrors}
        />
      </Form>
    </Dialog>
  );
}
