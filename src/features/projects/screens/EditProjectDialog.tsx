/** Edit project: the project's fields in a dialog over /project/{id}; only what changed is sent (and audited). */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Project, ProjectView, UpdateProjectInput } from '@contracts/projects';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { editProjectMachine, projectOptionsMachine } from '../machines/projects.machines';
import { draftOf, PROJECT_FIELD_OF, ProjectFields, projectInputOf, type ProjectDraft } from './ProjectFields';
import { Button, Dialog, DialogTrigger, Form, FormErrorBanner } from '@/shared/ui/components';

/** What the dialog's save says: saved, or that nothing had changed (nothing was sent). */
const NOTICES: SubmitNotices<unknown, ProjectView | null> = { saved: (r) => (r === null ? { tone: 'info', title: 'Nothing changed' } : 'Project saved') };

/** The fields of `after` that differ from `before`. */
export function changedFields(before: ProjectDraft, after: ProjectDraft): UpdateProjectInput {
  const a = projectInputOf(before) as Record<string, unknown>;
  const b = projectInputOf(after) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== a[k])) as UpdateProjectInput;
}

export function EditProjectDialog({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="secondary">Edit project</Button>
      {isOpen ? <EditProjectForm project={project} onSaved={onSaved} close={() => setOpen(false)} /> : <span hidden />}
    </DialogTrigger>
  );
}

function EditProjectForm({ project, onSaved, close }: { project: Project; onSaved: () => void; close: () => void }) {
  const form = useActorRef(editProjectMachine, { input: { notices: NOTICES } });
  const options = useActorRef(projectOptionsMachine, { input: { query: '' } });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const done = useSelector(form, (s) => s.matches('saved'));
  const changed = useSelector(form, (s) => s.context.result !== null);
  const [initial] = useState(() => draftOf(project));
  const [draft, setDraft] = useState<ProjectDraft>(initial);
  // Until the staff list loads, the owner picker still shows the current owner.
  const people = staff.length ? staff : [{ id: project.owner_id, name: project.owner_name }];

  useEffect(() => {
    if (!done) return;
    close();
    if (changed) onSaved();
  }, [done, changed, close, onSaved]);

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
