import { useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  DateField,
  DatePicker,
  FieldGroup,
  FilterBar,
  FilterChips,
  Form,
  FormActions,
  FormErrorBanner,
  FormGrid,
  FormGridItem,
  NumberField,
  Radio,
  RadioGroup,
  SearchField,
  Select,
  Switch,
  TextArea,
  TextField,
  type FilterChip,
} from '@/shared/ui/components';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import choiceStyles from '@/shared/ui/components/choice/Choice.module.css';
import { CheckIcon } from '@/shared/ui/components/icons';
import { QUEUE_OPTIONS, searchCompanies, SEVERITY_OPTIONS } from './demo-data';
import { Group, galleryStyles as styles, Section, Specimen } from './parts';

const SURVEY_MAX = 1500;

export function TextFieldsSection() {
  return (
    <Section
      id="text-fields"
      title="Text fields"
      text="Label above, help under, the error under the field in red with an icon, linked to the field so screen readers read it with it. A failed save keeps what was typed."
    >
      <Group title="States" layout="grid">
        <TextField label="Title" placeholder="Short summary of the problem" />
        <TextField label="Contact email" description="Replies go to this address." defaultValue="dana@acme.example" type="email" />
        <TextField label="Company ID" isRequired errorMessage="Enter the company's number, e.g. 10417." defaultValue="ACME" />
        <TextField label="Ticket number" isDisabled defaultValue="1042" />
        <TextField label="Amount" prefix="$" defaultValue="120.00" inputMode="decimal" />
        <Specimen name="focus-visible (static)">
          <div className={fieldStyles.field} style={{ width: '100%' }}>
            <span className={fieldStyles.label}>Title</span>
            <span className={fieldStyles.control} data-focused="true" aria-hidden="true">
              Printer offline in billing
            </span>
          </div>
        </Specimen>
      </Group>
      <Group title="Text area with a counter" layout="grid">
        <TextArea
          label="Additional comments"
          maxLength={SURVEY_MAX}
          showCounter
          defaultValue="The agent called back within the hour and stayed until the export worked."
        />
        <TextArea label="Reason" isRequired errorMessage="Say why the ticket is closed." rows={3} />
      </Group>
      <Group title="Numbers and dates" layout="grid">
        <NumberField label="Hours worked" defaultValue={1.5} minValue={0} step={0.25} description="Quarter hours." />
        <NumberField label="Rate" defaultValue={95} formatOptions={{ style: 'currency', currency: 'USD' }} />
        <NumberField label="Seats" defaultValue={0} errorMessage="At least one seat." />
        <NumberField label="Seats (disabled)" defaultValue={4} isDisabled />
        <DateField label="Start date" defaultValue="2026-06-24" description="In your locale's order." />
        <DatePicker label="Due date" defaultValue="2026-06-30" />
        <DatePicker label="Follow-up" errorMessage="Pick a date after the due date." defaultValue="2026-06-20" />
        <DatePicker label="Closed on" isDisabled defaultValue="2026-06-01" />
      </Group>
    </Section>
  );
}

export function SelectsSection() {
  const [company, setCompany] = useState<string | number | null>(null);
  return (
    <Section
      id="selects"
      title="Select and ComboBox"
      text="Select for a short known list; ComboBox to type and narrow a long list, searching the server after a pause in typing (here a fake server answering in 350 ms)."
    >
      <Group title="Select" layout="grid">
        <Select label="Queue" items={QUEUE_OPTIONS} defaultValue="Support" />
        <Select label="Priority" items={SEVERITY_OPTIONS} description="Sets the response target." />
        <Select label="Queue (invalid)" items={QUEUE_OPTIONS} errorMessage="Choose a queue." isRequired />
        <Select label="Queue (disabled)" items={QUEUE_OPTIONS} defaultValue="QA" isDisabled />
      </Group>
      <Group title="ComboBox" layout="grid">
        <ComboBox
          label="Company"
          loader={searchCompanies}
          placeholder="Search companies"
          value={company}
          onChange={setCompany}
          description="Type part of a name; the list loads from the server."
        />
        <ComboBox label="Queue" items={QUEUE_OPTIONS} placeholder="Type to filter" />
        <ComboBox label="Company (invalid)" loader={searchCompanies} placeholder="Search companies" errorMessage="Pick a company from the list." />
        <ComboBox label="Queue (disabled)" items={QUEUE_OPTIONS} defaultInputValue="Support" isDisabled />
      </Group>
    </Section>
  );
}

export function ChoicesSection() {
  return (
    <Section id="choices" title="Checkbox, Switch and Radio" text="The label sits beside the box, on its line; clicking the label toggles it. Long labels wrap under themselves, not under the box.">
      <Group title="Checkbox" layout="grid">
        <Checkbox>Notify the client</Checkbox>
        <Checkbox defaultSelected>Internal (never shown to the client)</Checkbox>
        <Checkbox isIndeterminate>Select all rows</Checkbox>
        <Checkbox isDisabled>Billable (locked by the contract)</Checkbox>
        <Checkbox isDisabled defaultSelected>
          Closed tickets
        </Checkbox>
        <Checkbox isInvalid>I confirm the data may be deleted</Checkbox>
        <Checkbox hint="The client sees the reply in the portal and gets an email.">Send the reply to the client</Checkbox>
        <Specimen name="focus-visible (static)">
          <span className={choiceStyles.choice} data-focus-visible="true" data-selected="true" aria-hidden="true">
            <span className={choiceStyles.box}>
              <CheckIcon />
            </span>
            <span>Internal (never shown to the client)</span>
          </span>
        </Specimen>
      </Group>
      <Group title="Checkbox group" layout="grid">
        <CheckboxGroup label="Notify" defaultValue={['assignee']} description="Who gets an email when the ticket changes.">
          <Checkbox value="assignee">Assignee</Checkbox>
          <Checkbox value="client">Client contact</Checkbox>
          <Checkbox value="manager">Queue manager</Checkbox>
        </CheckboxGroup>
        <CheckboxGroup label="Channels" errorMessage="Pick at least one channel." orientation="horizontal">
          <Checkbox value="email">Email</Checkbox>
          <Checkbox value="sms">SMS</Checkbox>
        </CheckboxGroup>
      </Group>
      <Group title="Switch" layout="grid">
        <Switch>Compact rows</Switch>
        <Switch defaultSelected>Email me when assigned</Switch>
        <Switch isDisabled>Auto-close after 7 days</Switch>
        <Switch isDisabled defaultSelected>
          Sync with calendar
        </Switch>
      </Group>
      <Group title="Radio group" layout="grid">
        <RadioGroup label="Reply as" defaultValue="public">
          <Radio value="public">Public reply</Radio>
          <Radio value="internal" hint="Visible to staff only.">
            Internal note
          </Radio>
          <Radio value="draft" isDisabled>
            Draft (coming)
          </Radio>
        </RadioGroup>
        <RadioGroup label="Priority" orientation="horizontal" errorMessage="Choose a priority." isRequired>
          <Radio value="C">Critical</Radio>
          <Radio value="H">High</Radio>
          <Radio value="M">Medium</Radio>
          <Radio value="L">Low</Radio>
        </RadioGroup>
      </Group>
    </Section>
  );
}

export function FormSection() {
  const [failed, setFailed] = useState(true);
  return (
    <Section
      id="forms"
      title="Form layout"
      text="Fields in a grid that folds to one column in narrow space; sections as fieldsets; the form-level error above the fields; the submit row last, primary action on the right."
    >
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          setFailed((f) => !f);
        }}
      >
        <FormErrorBanner
          title={failed ? 'The ticket was not saved' : undefined}
          errors={['Company: pick a company from the list.', 'Description: say what happened.']}
          focusOnShow={false}
        />
        <FieldGroup legend="Ticket" description="What the client reported.">
          <FormGrid columns={2}>
            <FormGridItem>
              <TextField label="Title" isRequired defaultValue="Late fee calculation wrong" />
            </FormGridItem>
            <ComboBox label="Company" loader={searchCompanies} placeholder="Search companies" isRequired errorMessage={failed ? 'Pick a company from the list.' : undefined} />
            <Select label="Queue" items={QUEUE_OPTIONS} defaultValue="Support" />
            <Select label="Priority" items={SEVERITY_OPTIONS} defaultValue="M" />
            <DatePicker label="Due date" defaultValue="2026-06-30" />
            <FormGridItem>
              <TextArea label="Description" isRequired errorMessage={failed ? 'Say what happened.' : undefined} maxLength={SURVEY_MAX} showCounter />
            </FormGridItem>
          </FormGrid>
        </FieldGroup>
        <FieldGroup legend="Visibility">
          <Checkbox defaultSelected>Internal (never shown to the client)</Checkbox>
          <Checkbox>Notify the client contact</Checkbox>
        </FieldGroup>
        <FormActions>
          <Button variant="quiet">Cancel</Button>
          <Button type="submit" variant="primary">
            {failed ? 'Save ticket' : 'Show the failed save'}
          </Button>
        </FormActions>
      </Form>
    </Section>
  );
}

const INITIAL_CHIPS: FilterChip[] = [
  { id: 'status', name: 'Status', value: 'Active' },
  { id: 'queue', name: 'Queue', value: 'Support' },
  { id: 'assignee', name: 'Assignee', value: 'Avery Agent' },
];

export function FilterBarSection() {
  const [chips, setChips] = useState(INITIAL_CHIPS);
  const [searched, setSearched] = useState('');
  return (
    <Section
      id="filter-bar"
      title="Filter bar"
      text="One per list: a search box, pickers for the common filters (searching the server where the list is long), and the active filters as chips that remove with a click or Backspace."
    >
      <FilterBar
        label="Filter tickets"
        end={<Button>Columns</Button>}
        chips={<FilterChips items={chips} onRemove={(id) => setChips((c) => c.filter((x) => x.id !== id))} onClearAll={() => setChips([])} />}
      >
        <SearchField label="Search tickets" placeholder="Search title, id, contact" onDebouncedChange={setSearched} />
        <Select label="Status" items={[{ id: 'A', label: 'Active' }, { id: 'C', label: 'Closed' }]} defaultValue="A" />
        <ComboBox label="Assignee" items={[{ id: 1, label: 'Avery Agent' }, { id: 2, label: 'Morgan Manager' }]} placeholder="Anyone" />
      </FilterBar>
      <p className={styles.sectionText} style={{ marginTop: 'var(--cc-space-3)' }} aria-live="polite">
        {searched ? `Searching for “${searched}”` : 'Type in the search box: the search runs 400 ms after the last key.'}
      </p>
      {chips.length === 0 ? (
        <Button size="sm" onPress={() => setChips(INITIAL_CHIPS)}>
          Restore the example filters
        </Button>
      ) : null}
    </Section>
  );
}
