import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation } from 'wouter';
import { LIMITS } from '@contracts/common/constants';
import { PROJECT_LIMITS, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type CreateProjectInput, type ProjectStatus } from '@contracts/projects';
import { createProjectMachine, projectOptionsMachine } from '../machines/projects.machines';
import { projectsApi } from '../api';
import { useTabTitle } from './parts';
import {
  Breadcrumbs,
  Button,
  ComboBox,
  DatePicker,
  Form,
  FormActions,
  FormErrorBanner,
  FormGrid,
  FormGridItem,
  NumberField,
  PageHeader,
  Select,
  TextArea,
  TextField,
  toast,
  type IsoDate,
  type Option,
} from '@/shared/ui/components';

const STATUS_OPTIONS = PROJECT_STATUSES.map((s) => ({ id: s, label: PROJECT_STATUS_LABELS[s] }));
const searchCompanies = async (text: string): Promise<Option[]> => (await projectsApi.options(text)).companies.map((c) => ({ id: c.id, label: c.name }));

/** /create/project: a project for a company, with its owner, dates and budget; opens the project once saved. */
export default function CreateProjectScreen() {
  const [, navigate] = useLocation();
  useTabTitle('Create Project');
  const form = useActorRef(createProjectMachine, { input: {} });
  const options = useActorRef(projectOptionsMachine, { input: { query: '' } });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => s.context.result?.project.id);
  const [name, setName] = useState('');
  const [company, setCompany] = useState<Key | null>(null);
  const [owner, setOwner] = useState<Key | null>(null);
  const [status, setStatus] = useState<ProjectStatus>('planned');
  const [start, setStart] = useState<IsoDate | null>(null);
  const [due, setDue] = useState<IsoDate | null>(null);
  const [budget, setBudget] = useState<number>(Number.NaN);
  const [description, setDescription] = useState('');

  useEffect(() => {
    if (!created) return;
    toast.success('Project created');
    navigate(`/project/${created}`);
  }, [created, navigate]);

  const submit = () => {
    const input: CreateProjectInput = {
      name,
      company_id: company ?? undefined,
      owner_id: owner ?? undefined,
      status,
      start_date: start,
      due_date: due,
      budget_hours: Number.isNaN(budget) ? null : budget,
      description,
    };
    form.send({ type: 'form.submit', input });
  };

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
        <FormGrid columns={2}>
          <FormGridItem span="full">
            <TextField label="Name" name="name" value={name} onChange={setName} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.name} />
          </FormGridItem>
          <ComboBox
            label="Company"
            name="company_id"
            loader={searchCompanies}
            placeholder="Search companies"
            value={company}
            onChange={(k) => setCompany(k)}
            isRequired
            errorMessage={fieldErrors.company_id}
          />
          <Select
            label="Owner"
            name="owner_id"
            items={staff.map((p) => ({ id: p.id, label: p.name }))}
            value={owner}
            onChange={(k) => setOwner(k as Key | null)}
            isRequired
            errorMessage={fieldErrors.owner_id}
          />
          <Select label="Status" name="status" items={STATUS_OPTIONS} value={status} onChange={(k) => setStatus(k as ProjectStatus)} errorMessage={fieldErrors.status} />
          <NumberField
            label="Budget hours"
            name="budget_hours"
            minValue={0}
            maxValue={PROJECT_LIMITS.budgetHoursMax}
            value={budget}
            onChange={setBudget}
            errorMessage={fieldErrors.budget_hours}
          />
          <DatePicker label="Start date" name="start_date" value={start} onChange={setStart} errorMessage={fieldErrors.start_date} />
          <DatePicker label="Due date" name="due_date" value={due} onChange={setDue} minValue={start ?? undefined} errorMessage={fieldErrors.due_date} />
          <FormGridItem span="full">
            <TextArea label="Description" name="description" value={description} onChange={setDescription} rows={4} maxLength={LIMITS.text} errorMessage={fieldErrors.description} />
          </FormGridItem>
        </FormGrid>
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
