import {
  Button,
  buttonClassName,
  Disclosure,
  EditIcon,
  ExternalIcon,
  IconButton,
  LinkButton,
  Menu,
  MenuItem,
  MenuSection,
  MenuSeparator,
  MenuTrigger,
  MoreIcon,
  PlusIcon,
  SubmenuTrigger,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextLink,
  Tooltip,
  TrashIcon,
  CountBadge,
  type ButtonVariant,
} from '@/shared/ui/components';
import { Group, Section, Specimen } from './parts';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'quiet', 'danger'];
const STATES = ['hovered', 'pressed', 'focus-visible'] as const;

export function ButtonsSection() {
  return (
    <Section
      id="buttons"
      title="Buttons and links"
      text="One primary button per view (its main action); secondary for the others; quiet in toolbars and table rows; danger for what cannot be undone. A button that starts work shows it is pending."
    >
      {VARIANTS.map((variant) => (
        <Group key={variant} title={variant}>
          <Specimen name="default">
            <Button variant={variant}>Save ticket</Button>
          </Specimen>
          {STATES.map((state) => (
            <Specimen key={state} name={state}>
              <span className={buttonClassName({ variant, state })} aria-hidden="true">
                Save ticket
              </span>
            </Specimen>
          ))}
          <Specimen name="disabled">
            <Button variant={variant} isDisabled>
              Save ticket
            </Button>
          </Specimen>
          <Specimen name="pending">
            <Button variant={variant} isPending pendingLabel="Saving ticket">
              Save ticket
            </Button>
          </Specimen>
        </Group>
      ))}
      <Group title="Sizes and icons">
        <Specimen name="sm">
          <Button size="sm" icon={<PlusIcon />}>
            Add note
          </Button>
        </Specimen>
        <Specimen name="md">
          <Button variant="primary" icon={<PlusIcon />}>
            New ticket
          </Button>
        </Specimen>
        <Specimen name="lg">
          <Button size="lg" variant="primary">
            Sign in
          </Button>
        </Specimen>
        <Specimen name="icon-only (aria-label required)">
          <div style={{ display: 'flex', gap: 4 }}>
            <Tooltip content="Edit">
              <IconButton aria-label="Edit ticket">
                <EditIcon />
              </IconButton>
            </Tooltip>
            <IconButton aria-label="Delete ticket" variant="secondary">
              <TrashIcon />
            </IconButton>
            <IconButton aria-label="Delete ticket (disabled)" variant="secondary" isDisabled>
              <TrashIcon />
            </IconButton>
          </div>
        </Specimen>
        <Specimen name="with a count">
          <Button variant="secondary" aria-label="Overdue tickets: 12">
            Overdue <CountBadge count={12} />
          </Button>
        </Specimen>
      </Group>
      <Group title="Links">
        <Specimen name="LinkButton">
          <LinkButton href="#buttons" variant="secondary" icon={<ExternalIcon />}>
            Open report
          </LinkButton>
        </Specimen>
        <Specimen name="TextLink">
          <p style={{ margin: 0 }}>
            See <TextLink href="#buttons">the response targets</TextLink> for each severity.
          </p>
        </Specimen>
        <Specimen name="TextLink quiet (titles in tables)">
          <TextLink href="#buttons" variant="quiet">
            Late fee calculation wrong
          </TextLink>
        </Specimen>
      </Group>
    </Section>
  );
}

export function MenusSection() {
  return (
    <Section id="menus" title="Menus" text="Actions that do not fit in the toolbar. Sections group related actions; destructive ones come last, in red.">
      <Group title="States">
        <Specimen name="icon trigger">
          <MenuTrigger>
            <IconButton aria-label="Ticket actions" variant="secondary">
              <MoreIcon />
            </IconButton>
            <Menu>
              <MenuSection title="Ticket">
                <MenuItem icon={<EditIcon />} shortcut="E">
                  Edit
                </MenuItem>
                <MenuItem>Assign to me</MenuItem>
                <SubmenuTrigger>
                  <MenuItem>Move to queue</MenuItem>
                  <Menu placement="end top">
                    <MenuItem>Support</MenuItem>
                    <MenuItem>Programming</MenuItem>
                    <MenuItem>Managed Services</MenuItem>
                  </Menu>
                </SubmenuTrigger>
                <MenuItem isDisabled>Merge (needs two tickets)</MenuItem>
              </MenuSection>
              <MenuSeparator />
              <MenuSection title="Danger zone">
                <MenuItem icon={<TrashIcon />} isDanger>
                  Delete
                </MenuItem>
              </MenuSection>
            </Menu>
          </MenuTrigger>
        </Specimen>
        <Specimen name="button trigger, single selection">
          <MenuTrigger>
            <Button>Sort: Due date</Button>
            <Menu selectionMode="single" defaultSelectedKeys={['due']}>
              <MenuItem id="due">Due date</MenuItem>
              <MenuItem id="created">Created</MenuItem>
              <MenuItem id="severity">Priority</MenuItem>
            </Menu>
          </MenuTrigger>
        </Specimen>
      </Group>
    </Section>
  );
}

export function TabsSection() {
  return (
    <Section id="tabs" title="Tabs" text="Views of one subject. Arrow keys move between tabs; the panel follows.">
      <Tabs defaultSelectedKey="conversation">
        <TabList aria-label="Ticket views">
          <Tab id="conversation">Conversation</Tab>
          <Tab id="time">Time entries</Tab>
          <Tab id="surveys">Surveys</Tab>
          <Tab id="history" isDisabled>
            History
          </Tab>
        </TabList>
        <TabPanel id="conversation">The conversation is the main column of a ticket.</TabPanel>
        <TabPanel id="time">Time entries of the agents who worked on it.</TabPanel>
        <TabPanel id="surveys">Survey answers linked to this ticket.</TabPanel>
        <TabPanel id="history">Changes of status and assignee.</TabPanel>
      </Tabs>
    </Section>
  );
}

export function DisclosureSection() {
  return (
    <Section id="disclosure" title="Disclosure and tooltip" text="A disclosure hides detail until asked for; a tooltip names an icon or adds a hint, never the only place of important information.">
      <Group title="Disclosure" layout="stack">
        <div style={{ maxWidth: '36rem' }}>
          <Disclosure title="How are due dates set?" defaultExpanded>
            The severity sets a response target; time waiting on the client does not count.
          </Disclosure>
          <Disclosure title="Who can see internal notes?">Staff only. Clients never see internal notes.</Disclosure>
          <Disclosure title="Disabled entry" isDisabled>
            Not reachable.
          </Disclosure>
        </div>
      </Group>
      <Group title="Tooltip (hover or focus the button)">
        <Tooltip content="Copy the ticket link">
          <Button size="sm">Copy link</Button>
        </Tooltip>
      </Group>
    </Section>
  );
}
