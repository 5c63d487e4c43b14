import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import {
  Avatar,
  Button,
  Checkbox,
  DateField,
  Dialog,
  DialogTrigger,
  FieldError,
  FilterChips,
  FormErrorBanner,
  IconButton,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  NumberField,
  Radio,
  RadioGroup,
  RelativeTime,
  Select,
  SeverityBadge,
  Switch,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  ThemeSwitcher,
  TicketStatusBadge,
  type FilterChip,
} from '@/shared/ui/components';
import { createThemeController } from '@/shared/ui/tokens/theme';

describe('Button', () => {
  it('runs on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save ticket</Button>);
    const button = screen.getByRole('button', { name: 'Save ticket' });
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('keeps focus but refuses presses while pending, and says so', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button isPending pendingLabel="Saving ticket" onPress={onPress}>
        Save ticket
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save ticket/ });
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(within(button).getByRole('progressbar', { name: 'Saving ticket' })).toBeInTheDocument();
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button isDisabled onPress={onPress}>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
  });

  it('names an icon-only button by its aria-label', () => {
    render(
      <IconButton aria-label="Delete ticket">
        <svg />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Delete ticket' })).toBeInTheDocument();
  });
});

describe('TextField and TextArea', () => {
  it('labels the input, links the description, and announces the error with the field', () => {
    render(<TextField label="Company ID" description="The company's number." errorMessage="Enter a number, e.g. 10417." defaultValue="ACME" />);
    const input = screen.getByRole('textbox', { name: 'Company ID' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining("The company's number."));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a number, e.g. 10417.'));
    expect(input).toHaveValue('ACME');
  });

  it('is valid again when the error is cleared, keeping what was typed', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [error, setError] = useState<string | undefined>('Required');
      return <TextField label="Title" errorMessage={error} onChange={() => setError(undefined)} />;
    }
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    await user.type(input, 'Printer');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Required')).toBeNull();
    expect(input).toHaveValue('Printer');
  });

  it('counts characters against maxLength', async () => {
    const user = userEvent.setup();
    render(<TextArea label="Comments" maxLength={1500} showCounter />);
    expect(screen.getByText('0 / 1500')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), 'Quick fix');
    expect(screen.getByText('9 / 1500')).toBeInTheDocument();
  });
});

describe('FieldError', () => {
  it('under a plain input, shows the message the input names as its description, and nothing without one', () => {
    const { rerender } = render(
      <label>
        Note
        <textarea aria-describedby="note-error" />
        <FieldError id="note-error" message="The note is required" />
      </label>,
    );
    expect(screen.getByRole('textbox', { name: /^Note/ })).toHaveAccessibleDescription('The note is required');
    expect(screen.getByRole('alert')).toHaveTextContent('The note is required');
    rerender(
      <label>
        Note
        <textarea aria-describedby="note-error" />
        <FieldError id="note-error" message={undefined} />
      </label>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Checkbox, Switch and RadioGroup', () => {
  it('associates the label with the box: the label names it, and clicking the label toggles it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Internal (never shown to the client)</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Internal (never shown to the client)' });
    expect(box).not.toBeChecked();
    await user.click(screen.getByText('Internal (never shown to the client)'));
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    // The box and the text are siblings inside one <label>: the box first, the text beside it.
    const label = box.closest('label')!;
    const [visualBox, text] = [...label.children].filter((el) => el.tagName === 'SPAN' && !el.querySelector('input'));
    expect(visualBox).toHaveAttribute('aria-hidden', 'true');
    expect(text).toHaveTextContent('Internal (never shown to the client)');
  });

  it('toggles with Space and reports an invalid box', async () => {
    const user = userEvent.setup();
    render(<Checkbox isInvalid>I confirm</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'I confirm' });
    await user.tab();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('is a switch with its label', async () => {
    const user = userEvent.setup();
    render(<Switch>Email me when assigned</Switch>);
    const sw = screen.getByRole('switch', { name: 'Email me when assigned' });
    await user.click(sw);
    expect(sw).toBeChecked();
  });

  it('moves between radios with the arrow keys and shows the group error', async () => {
    const user = userEvent.setup();
    render(
      <RadioGroup label="Severity" errorMessage="Choose a severity.">
        <Radio value="H">High</Radio>
        <Radio value="M">Medium</Radio>
      </RadioGroup>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Severity' });
    expect(group).toHaveAccessibleDescription('Choose a severity.');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
  });
});

describe('Select', () => {
  it('opens from the keyboard and picks an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Select
        label="Queue"
        items={[
          { id: 'support', label: 'Support' },
          { id: 'qa', label: 'QA' },
        ]}
        onChange={onChange}
      />,
    );
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'QA' }));
    expect(onChange).toHaveBeenCalledWith('qa');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('button', { name: /QA/ })).toBeInTheDocument();
  });

  it('links its error to the trigger', () => {
    render(<Select label="Queue" items={[{ id: 'a', label: 'A' }]} errorMessage="Choose a queue." />);
    expect(screen.getByRole('button', { name: /Queue/ })).toHaveAccessibleDescription('Choose a queue.');
  });
});

describe('NumberField and DateField', () => {
  it('steps a number with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<NumberField label="Seats" defaultValue={2} />);
    const input = screen.getByRole('textbox', { name: 'Seats' });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('3');
    expect(screen.getByRole('button', { name: /Increase/ })).toBeInTheDocument();
  });

  it('orders the date segments by the locale', () => {
    const { unmount } = render(
      <I18nProvider locale="en-US">
        <DateField label="Start" defaultValue="2026-06-24" />
      </I18nProvider>,
    );
    const us = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label') ?? s.getAttribute('aria-valuetext'));
    unmount();
    render(
      <I18nProvider locale="de-DE">
        <DateField label="Start" defaultValue="2026-06-24" />
      </I18nProvider>,
    );
    const de = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label') ?? s.getAttribute('aria-valuetext'));
    expect(us[0]).toMatch(/month/i);
    expect(de[0]).toMatch(/tag|day/i);
  });

  it('gives and takes ISO dates', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <I18nProvider locale="en-US">
        <DateField label="Due" defaultValue="2026-06-24" onChange={onChange} />
      </I18nProvider>,
    );
    const [month] = screen.getAllByRole('spinbutton');
    await user.click(month!);
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-07-24');
  });
});

describe('Tabs and Menu', () => {
  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs>
        <TabList aria-label="Ticket views">
          <Tab id="a">Conversation</Tab>
          <Tab id="b">Time entries</Tab>
        </TabList>
        <TabPanel id="a">Thread</TabPanel>
        <TabPanel id="b">Entries</TabPanel>
      </Tabs>,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Time entries' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Entries');
  });

  it('opens a menu with named sections and runs an item', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <MenuTrigger>
        <IconButton aria-label="Ticket actions">
          <svg />
        </IconButton>
        <Menu onAction={onAction}>
          <MenuSection title="Ticket">
            <MenuItem id="edit">Edit</MenuItem>
          </MenuSection>
          <MenuSection title="Danger zone">
            <MenuItem id="delete" isDanger>
              Delete
            </MenuItem>
          </MenuSection>
        </Menu>
      </MenuTrigger>,
    );
    await user.click(screen.getByRole('button', { name: 'Ticket actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('group', { name: 'Danger zone' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(onAction.mock.calls[0]?.[0]).toBe('delete');
  });
});

describe('Dialog', () => {
  it('opens with focus inside, closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(
      <DialogTrigger>
        <Button>Edit ticket</Button>
        <Dialog title="Edit ticket" footer={(close) => <Button onPress={close}>Save</Button>}>
          <TextField label="Title" />
        </Dialog>
      </DialogTrigger>,
    );
    const trigger = screen.getByRole('button', { name: 'Edit ticket' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('cannot be dismissed when isDismissable is false', async () => {
    const user = userEvent.setup();
    render(
      <Dialog isOpen title="Session expired" isDismissable={false} role="alertdialog">
        Log in again.
      </Dialog>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Session expired' });
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('FilterChips and FormErrorBanner', () => {
  it('removes a chip with its × button or Backspace, and clears all', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [chips, setChips] = useState<FilterChip[]>([
        { id: 'status', name: 'Status', value: 'Active' },
        { id: 'queue', name: 'Queue', value: 'Support' },
        { id: 'who', name: 'Assignee', value: 'Avery' },
      ]);
      return <FilterChips items={chips} onRemove={(id) => setChips((c) => c.filter((x) => x.id !== id))} onClearAll={() => setChips([])} />;
    }
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: /Active filters/ });
    const status = within(grid).getByRole('row', { name: 'Status: Active' });
    await user.click(within(status).getByRole('button'));
    expect(within(grid).queryByRole('row', { name: 'Status: Active' })).toBeNull();
    within(grid).getByRole('row', { name: 'Queue: Support' }).focus();
    await user.keyboard('{Backspace}');
    expect(within(grid).queryByRole('row', { name: 'Queue: Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('announces a failed save as an alert and takes focus', () => {
    render(<FormErrorBanner title="The ticket was not saved" errors={['Company: pick a company.']} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The ticket was not saved');
    expect(alert).toHaveTextContent('Company: pick a company.');
    expect(alert).toHaveFocus();
  });
});

describe('Badges, avatar, relative time and theme switcher', () => {
  it('writes severity and status as text, not colour alone', () => {
    render(
      <>
        <SeverityBadge code="C" />
        <SeverityBadge code="M" />
        <SeverityBadge code={null} />
        <TicketStatusBadge code="WOC" />
        <TicketStatusBadge code="Z" />
      </>,
    );
    for (const text of ['Critical', 'Medium', 'Waiting on Client']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getAllByText('Unknown')).toHaveLength(2);
  });

  it('names every status in full, with an icon of its own, and lets a long name wrap instead of cutting it', () => {
    const codes = ['A', 'WOP', 'WOC', 'WOT', 'C'] as const;
    render(
      <ul>
        {codes.map((code) => (
          <li key={code} aria-label={`status ${code}`}>
            <TicketStatusBadge code={code} />
          </li>
        ))}
      </ul>,
    );
    const names = ['Active', 'Waiting On Programming', 'Waiting on Client', 'Waiting on Third Party', 'Closed'];
    const icons = codes.map((code, i) => {
      const item = screen.getByRole('listitem', { name: `status ${code}` });
      expect(item).toHaveTextContent(names[i]!);
      const text = within(item).getByText(names[i]!);
      // The text element itself holds the whole name (no ellipsis class that would cut it short).
      expect(text.className).not.toMatch(/(^|_)text(_|$)/);
      const icon = item.querySelector('svg[data-icon]');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      return icon!.innerHTML;
    });
    expect(new Set(icons).size).toBe(codes.length);
  });

  it('names an avatar by the person and shows initials', () => {
    render(<Avatar name="Avery Agent" />);
    expect(screen.getByRole('img', { name: 'Avery Agent' })).toHaveTextContent('AA');
  });

  it('shows a relative time with the full date in its title', () => {
    render(<RelativeTime value="2026-06-24T11:00:00Z" now="2026-06-24T14:00:00Z" locale="en-US" timeZone="UTC" />);
    const time = screen.getByText('3 hr. ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-06-24T11:00:00.000Z');
    expect(time).toHaveAttribute('title', 'Wednesday, June 24, 2026 at 11:00 AM');
  });

  it('shows the full date of a relative time on keyboard focus too, as its description, until blur or Escape', async () => {
    const user = userEvent.setup();
    render(
      <p>
        <button type="button">before</button> <RelativeTime value="2026-06-24T11:00:00Z" now="2026-06-24T14:00:00Z" locale="en-US" timeZone="UTC" />
      </p>,
    );
    const time = screen.getByText('3 hr. ago');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(time).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Wednesday, June 24, 2026 at 11:00 AM');
    expect(time).toHaveAccessibleDescription('Wednesday, June 24, 2026 at 11:00 AM');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(time).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
    // The text people read stays the relative time alone.
    expect(time.closest('p')).toHaveTextContent(/^before 3 hr\. ago$/);
  });

  it('switches the theme through the controller', async () => {
    const user = userEvent.setup();
    const root = document.createElement('html');
    const controller = createThemeController({ storage: window.localStorage, darkQuery: null, root });
    render(<ThemeSwitcher controller={controller} />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(window.localStorage.getItem('cc.theme')).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
