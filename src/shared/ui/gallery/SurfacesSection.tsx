import { useMemo, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  ChartFrame,
  createToastQueue,
  DateTime,
  Dialog,
  DialogTrigger,
  EmptyState,
  IconButton,
  Logo,
  MoreIcon,
  PageHeader,
  PlusIcon,
  RelativeTime,
  SearchIcon,
  SeverityBadge,
  Sheet,
  SkeletonCard,
  SkeletonTable,
  SkeletonText,
  Spinner,
  Stat,
  TextField,
  TicketStatusBadge,
  ToastCard,
  type DialogSize,
} from '@/shared/ui/components';
import { ToastDemoButtons } from '@/shared/ui/components/toast/ToastDemoButtons';
import { GALLERY_NOW, Group, galleryStyles as styles, Section, Specimen } from './parts';

export function PageHeaderSection() {
  return (
    <Section id="page-header" title="Page header" text="Every screen starts with one: breadcrumbs where there is a parent, the <h1>, a subtitle, and the actions on the right.">
      <Card>
        <PageHeader
          breadcrumbs={
            <Breadcrumbs
              items={[
                { label: 'Tickets', href: '#page-header' },
                { label: 'Ticket Search', href: '#page-header' },
                { label: 'Ticket #1042' },
              ]}
            />
          }
          title="Late fee calculation wrong"
          meta={
            <>
              <TicketStatusBadge code="WOC" />
              <SeverityBadge code="H" />
            </>
          }
          subtitle="Acme Utilities · opened by Dana Price"
          actions={
            <>
              <IconButton aria-label="More actions" variant="secondary">
                <MoreIcon />
              </IconButton>
              <Button>Assign to me</Button>
              <Button variant="primary">Reply</Button>
            </>
          }
        />
      </Card>
    </Section>
  );
}

export function CardsSection() {
  return (
    <Section id="cards" title="Cards and chart frame" text="A card holds one subject; its header carries the title and the card's actions. The chart frame gives a chart its title, description, actions and room.">
      <div className={styles.grid}>
        <Card title="Properties" description="Of ticket #1042" actions={<Button size="sm" variant="quiet">Edit</Button>}>
          <dl className={styles.demoSheetList}>
            <dt>Queue</dt>
            <dd>Support</dd>
            <dt>Assignee</dt>
            <dd>Avery Agent</dd>
            <dt>Due</dt>
            <dd>
              <DateTime value="2026-06-25T16:00:00Z" />
            </dd>
          </dl>
        </Card>
        <Card padding="compact" footer="Updated every 5 minutes">
          <Stat label="Open tickets" value="318" hint="36 overdue (11 %)" />
        </Card>
        <ChartFrame
          title="Tickets opened per week"
          description="Last 8 weeks, all queues"
          actions={<Button size="sm" variant="quiet">Table</Button>}
          height="10rem"
          footer="Source: ticket search"
        >
          <div className={styles.chartStub} role="img" aria-label="Bars rising from 40 to 72 tickets a week">
            {[40, 52, 47, 58, 61, 55, 66, 72].map((v, i) => (
              <span key={i} style={{ height: `${v * 1.8}px` }} />
            ))}
          </div>
        </ChartFrame>
      </div>
    </Section>
  );
}

export function BadgesSection() {
  return (
    <Section id="badges" title="Badges" text="Short labels for states. The text always says it; colour and shape only help scanning.">
      <Group title="Tones">
        {(['neutral', 'info', 'success', 'warning', 'danger'] as const).map((tone) => (
          <Badge key={tone} tone={tone} marker="dot">
            {tone}
          </Badge>
        ))}
        <Badge tone="danger" variant="solid">
          solid
        </Badge>
        <Badge variant="outline">outline</Badge>
      </Group>
      <Group title="Priority (spec: red for C and H, yellow for M, green for L, grey otherwise)">
        {['C', 'H', 'M', 'L', null].map((code) => (
          <Specimen key={String(code)} name={code ?? 'none'}>
            <SeverityBadge code={code} />
          </Specimen>
        ))}
      </Group>
      <Group title="Ticket status">
        {['A', 'WOP', 'WOC', 'WOT', 'C', 'X'].map((code) => (
          <Specimen key={code} name={code}>
            <TicketStatusBadge code={code} />
          </Specimen>
        ))}
      </Group>
    </Section>
  );
}

const SIZES: DialogSize[] = ['sm', 'md', 'lg', 'wide'];

export function DialogsSection() {
  return (
    <Section
      id="dialogs"
      title="Dialog and sheet"
      text="Dialogs are centred (full screen on phones, except sm). The sheet slides in from the right for details beside a list. Escape closes both; focus returns to the button."
    >
      <Group title="Dialog sizes">
        {SIZES.map((size) => (
          <DialogTrigger key={size}>
            <Button>Open {size} dialog</Button>
            <Dialog
              size={size}
              title={size === 'sm' ? 'Delete this note?' : `Edit ticket (${size})`}
              description={size === 'sm' ? undefined : 'Changes are saved when you press Save.'}
              role={size === 'sm' ? 'alertdialog' : 'dialog'}
              footer={(close) =>
                size === 'sm' ? (
                  <>
                    <Button variant="danger" onPress={close}>
                      Cancel
                    </Button>
                    <Button variant="primary" onPress={close} autoFocus>
                      OK
                    </Button>
                  </>
                ) : (
                  <>
                    <Button variant="quiet" onPress={close}>
                      Cancel
                    </Button>
                    <Button variant="primary" onPress={close}>
                      Save
                    </Button>
                  </>
                )
              }
            >
              {size === 'sm' ? (
                <p style={{ margin: 0 }}>The note is removed from the ticket. This cannot be undone.</p>
              ) : (
                <TextField label="Title" defaultValue="Late fee calculation wrong" />
              )}
            </Dialog>
          </DialogTrigger>
        ))}
      </Group>
      <Group title="Sheet">
        <DialogTrigger>
          <Button>Open ticket details</Button>
          <Sheet title="Ticket #1042" description="Acme Utilities" footer={(close) => <Button onPress={close}>Close</Button>}>
            <dl className={styles.demoSheetList}>
              <dt>Status</dt>
              <dd>
                <TicketStatusBadge code="A" />
              </dd>
              <dt>Priority</dt>
              <dd>
                <SeverityBadge code="M" />
              </dd>
              <dt>Opened</dt>
              <dd>
                <RelativeTime value="2026-06-24T11:00:00Z" now={GALLERY_NOW} />
              </dd>
            </dl>
          </Sheet>
        </DialogTrigger>
      </Group>
    </Section>
  );
}

function StaticToasts() {
  const queue = useMemo(() => {
    const q = createToastQueue({ maxVisible: 4 });
    q.add({ tone: 'success', title: 'Ticket saved', timeoutMs: null });
    q.add({ tone: 'error', title: 'Could not save the ticket', description: 'The server did not answer. Everything you typed is still in the form.', timeoutMs: null });
    q.add({ tone: 'info', title: 'Survey sent to dana@acme.example', timeoutMs: null, action: { label: 'Undo', onAction: () => undefined } });
    q.add({ tone: 'warning', title: 'Due date is on a weekend', timeoutMs: null });
    return q;
  }, []);
  const toasts = useSyncExternalStore(queue.subscribe, queue.visible, queue.visible);
  return (
    <ol className={styles.staticToasts} aria-label="Example toasts">
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} queue={queue} />
      ))}
    </ol>
  );
}

export function ToastsSection() {
  return (
    <Section
      id="toasts"
      title="Toasts"
      text="Say that a save worked or why it failed. Success and info close after 5 s (paused while the pointer or focus is on them); errors stay until closed. Machines say what happened (notify); the app shows it here."
    >
      <Group title="Show one">
        <ToastDemoButtons />
      </Group>
      <Group title="Every tone (static)" layout="stack">
        <StaticToasts />
      </Group>
    </Section>
  );
}

export function FeedbackSection() {
  const [loading, setLoading] = useState(true);
  return (
    <Section id="feedback" title="Empty, loading and messages" text="Loading shows the shape of what comes (skeletons); a spinner only for small waits; an empty list says why and what to do.">
      <Group title="Empty state" layout="grid">
        <Card padding="none">
          <EmptyState
            compact
            headingLevel={3}
            title="No tickets match"
            text="Nothing matches “printer” with Status: Closed."
            icon={<SearchIcon size={20} />}
            actions={<Button size="sm">Clear filters</Button>}
          />
        </Card>
        <Card padding="none">
          <EmptyState compact headingLevel={3} title="No overdue tickets" text="Every open ticket is within its response target." actions={<Button size="sm" variant="primary" icon={<PlusIcon />}>New ticket</Button>} />
        </Card>
      </Group>
      <Group title="Skeletons" layout="grid">
        <Specimen name="text lines">
          <SkeletonText lines={4} label="Loading the description" />
        </Specimen>
        <Specimen name="card">
          <SkeletonCard label="Loading the properties" />
        </Specimen>
        <Specimen name="table rows" wide>
          <SkeletonTable rows={4} label="Loading tickets" />
        </Specimen>
      </Group>
      <Group title="Spinner" center>
        <Spinner size="sm" label="Loading companies" showLabel />
        <Spinner label="Loading tickets" />
        <Spinner size="lg" label="Loading the report" />
        <Button size="sm" onPress={() => setLoading((l) => !l)}>
          {loading ? 'Show the loaded state' : 'Show loading'}
        </Button>
        {loading ? <Spinner label="Loading the ticket" showLabel /> : <span>Ticket loaded.</span>}
      </Group>
      <Group title="Inline alert" layout="grid">
        <Alert title="This ticket is waiting on the client">The response clock is paused until they reply.</Alert>
        <Alert tone="success" title="Survey answered">CSAT 5 of 5.</Alert>
        <Alert tone="warning" title="Due in 40 minutes" />
        <Alert tone="danger" title="Overdue by 3 hours">The response target of High severity has passed.</Alert>
      </Group>
    </Section>
  );
}

export function IdentitySection() {
  return (
    <Section id="identity" title="Logo and avatar" text="The mark reads as “CC” in a speech bubble; the avatar shows initials in one of five colours chosen by the name.">
      <Group title="Logo" center>
        <Logo size={40} title="Client Care" />
        <Logo size={32} wordmark={{ name: 'Client Care System', tagline: 'Enterprise Portal' }} />
        <span style={{ background: 'var(--cc-brand)', color: '#fff', padding: '8px 12px', borderRadius: 8, display: 'inline-flex' }}>
          <Logo size={28} variant="inverse" wordmark={{ name: 'Client Care' }} />
        </span>
        <Logo size={16} title="Client Care (16 px)" />
      </Group>
      <Group title="Avatar" center>
        <Avatar name="Avery Agent" size="sm" />
        <Avatar name="Morgan Manager" />
        <Avatar name="Alex Admin" size="lg" />
        <Avatar name="Dana Price" />
        <Avatar name="Sam Okafor" />
        <Avatar name="cher" />
      </Group>
    </Section>
  );
}

export function DatesSection() {
  const samples = [
    ['just now', '2026-06-24T13:59:40Z'],
    ['minutes', '2026-06-24T13:55:00Z'],
    ['hours', '2026-06-24T11:00:00Z'],
    ['yesterday', '2026-06-23T09:00:00Z'],
    ['days', '2026-06-20T09:00:00Z'],
    ['future', '2026-06-26T15:00:00Z'],
    ['over 4 weeks', '2026-04-02T09:00:00Z'],
  ] as const;
  return (
    <Section id="dates" title="Dates and relative times" text="One format: the user's locale. Lists people scan show relative times; hover shows the full date. Here “now” is fixed at 24 June 2026, 14:00 UTC.">
      <Group title="RelativeTime (hover for the full date)">
        {samples.map(([name, value]) => (
          <Specimen key={name} name={name}>
            <RelativeTime value={value} now={GALLERY_NOW} />
          </Specimen>
        ))}
        <Specimen name="missing">
          <RelativeTime value={null} />
        </Specimen>
      </Group>
      <Group title="DateTime">
        <Specimen name="date and time">
          <DateTime value="2026-06-24T13:05:00Z" />
        </Specimen>
        <Specimen name="date">
          <DateTime value="2026-06-24T13:05:00Z" withTime={false} />
        </Specimen>
      </Group>
    </Section>
  );
}
