/** The fields of a project (name, company, owner, status, budget, dates, description), shared by Create Project and Edit project. */
import type { Key } from 'react-aria-components';
import { LIMITS } from '@contracts/common/constants';
import { PROJECT_LIMITS, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type CreateProjectInput, type Person, type Project, type ProjectStatus } from '@contracts/projects';
import { projectsApi } from '../api';
import { ComboBox, DatePicker, FormGrid, FormGridItem, NumberField, Select, TextArea, TextField, type IsoDate, type Option } from '@/shared/ui/components';

export type ProjectDraft = {
  name: string;
  company: Key | null;
  /** The company's name, shown in the box when editing. */
  companyName: string;
  owner: Key | null;
  status: ProjectStatus;
  start: IsoDate | null;
  due: IsoDate | null;
  /** NaN: no budget. */
  budget: number;
  description: string;
};

/** The contract's field each part of the draft is sent as (what its errors are keyed by). */
export const PROJECT_FIELD_OF: Record<keyof ProjectDraft, keyof CreateProjectInput> = {
  name: 'name',
  company: 'company_id',
  companyName: 'company_id',
  owner: 'owner_id',
  status: 'status',
  start: 'start_date',
  due: 'due_date',
  budget: 'budget_hours',
  description: 'description',
};

export const EMPTY_PROJECT: ProjectDraft = { name: '', company: null, companyName: '', owner: null, status: 'planned', start: null, due: null, budget: Number.NaN, description: '' };

/** The draft of a saved project, for editing it. */
export function draftOf(p: Project): ProjectDraft {
  return {
    name: p.name,
    company: p.company_id,
    companyName: p.company_name,
    owner: p.owner_id,
    status: p.status,
    start: p.start_date as IsoDate | null,
    due: p.due_date as IsoDate | null,
    budget: p.budget_hours ?? Number.NaN,
    description: p.description,
  };
}

/** What the draft sends (an empty company or owner stays empty: the form's schema check names it). */
export function projectInputOf(d: ProjectDraft): CreateProjectInput {
  return {
    name: d.name,
    company_id: (d.company ?? undefined) as number | undefined,
    owner_id: (d.owner ?? undefined) as number | undefined,
    status: d.status,
    start_date: d.start,
    due_date: d.due,
    budget_hours: Number.isNaN(d.budget) ? null : d.budget,
    description: d.description,
  };
}

const STATUS_OPTIONS = PROJECT_STATUSES.map((s) => ({ id: s, label: PROJECT_STATUS_LABELS[s] }));
const searchCompanies = async (text: string): Promise<Option[]> => (await projectsApi.options(text)).companies.map((c) => ({ id: c.id, label: c.name }));

export function ProjectFields({
  draft,
  onChange,
  staff,
  fieldErrors,
}: {
  draft: ProjectDraft;
  onChange: (change: Partial<ProjectDraft>) => void;
  staff: readonly Person[];
  fieldErrors: Record<string, string>;
}) {
  return (
    <FormGrid columns={2}>
      <FormGridItem span="full">
        <TextField label="Name" name="name" value={draft.name} onChange={(name) => onChange({ name })} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.name} />
      </FormGridItem>
      <ComboBox
        label="Company"
        name="company_id"
        loader={searchCompanies}
        placeholder="Search companies"
        defaultInputValue={draft.companyName}
        value={draft.company}
        onChange={(company) => onChange({ company })}
        isRequired
        errorMessage={fieldErrors.company_id}
      />
      <Select
        label="Owner"
        name="owner_id"
        items={staff.map((p) => ({ id: p.id, label: p.name }))}
        value={draft.owner}
        onChange={(owner) => onChange({ owner: owner as Key | null })}
        isRequired
        errorMessage={fieldErrors.owner_id}
      />
      <Select label="Status" name="status" items={STATUS_OPTIONS} value={draft.status} onChange={(k) => onChange({ status: k as ProjectStatus })} errorMessage={fieldErrors.status} />
      <NumberField
        label="Budget hours"
        name="budget_hours"
        minValue={0}
        maxValue={PROJECT_LIMITS.budgetHoursMax}
        value={draft.budget}
        onChange={(budget) => onChange({ budget })}
        errorMessage={fieldErrors.budget_hours}
      />
      <DatePicker label="Start date" name="start_date" value={draft.start} onChange={(start) => onChange({ start })} errorMessage={fieldErrors.start_date} />
      <DatePicker label="Due date" name="due_date" value={draft.due} onChange={(due) => onChange({ due })} minValue={draft.start ?? undefined} errorMessage={fieldErrors.due_date} />
      <FormGridItem span="full">
        <TextArea label="Description" name="description" value={draft.description} onChange={(description) => onChange({ description })} rows={4} maxLength={LIMITS.text} errorMessage={fieldErrors.description} />
      </FormGridItem>
    </FormGrid>
  );
}
