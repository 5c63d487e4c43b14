import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useMemo } from 'react';
import { Button as AriaButton, Collection, ToggleButton, ToggleButtonGroup, Tree, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import { MOBILE_BREAKPOINT_PX } from '@contracts/common/constants';
import type { OrgChart } from '@contracts/people';
import { orgChartMachine, orgChartPdfMachine } from '../machines/people.machines';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { FocusedPerson } from './OrgPerson';
import { orgChartScreenMachine, selectAvatarsOf } from '../machines/org-chart.machine';
import { chainOf, ORG_CHART_DRAWN_HINT, orgChartSpec, orgTree, searchPeople, type OrgNode } from '../org-tree';
import { Chart } from '@/shared/ui/chart';
import type { OrgChartView } from '../machines/org-chart.machine';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { StaffRoleContext } from '@/shared/session/role';
import { Avatar, Badge, Button, Card, ComboBox, Dialog, FormErrorBanner, PageHeader, QueryView, SkeletonCard } from '@/shared/ui/components';
import { ChevronDownIcon } from '@/shared/ui/components/icons';
import styles from './OrgChartScreen.module.css';

const NO_MANAGER = 'none';
/** Below this width the list shows first: a drawn tree of a whole organisation does not read on a phone. */
const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const firstView = (): OrgChartView => (typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches ? 'list' : 'chart');
const PDF_NOTICES: SubmitNotices<null, void> = { failed: 'The org chart PDF could not be made' };

function PersonRow({ node, highlighted, onChange, picture }: { node: OrgNode; highlighted: boolean; onChange: ((p: OrgNode) => void) | null; picture: string | undefined }) {
  return (
    <div className={highlighted ? `${styles.row} ${styles.highlighted}` : styles.row}>
      <Avatar name={node.name} src={picture} colourKey={node.id} size="sm" decorative />
      <span className={styles.name}>{node.name}</span>
      {node.title ? <span className={styles.title}>{node.title}</span> : null}
      {node.department ? <Badge tone="neutral">{node.department}</Badge> : null}
      {node.children.length ? <span className={styles.count}>{node.children.length} report{node.children.length === 1 ? '' : 's'}</span> : null}
      {node.status.map((s) => (
        <Badge key={s} tone="info">
          {s}
        </Badge>
      ))}
      {onChange ? (
        <Button size="sm" variant="secondary" onPress={() => onChange(node)} aria-label={`Change whom ${node.name} reports to`}>
          Reports to…
        </Button>
      ) : null}
    </div>
  );
}

/** The organisation as a tree people reach with the keyboard and screen readers (arrows open and close, type to find). */
function OrgTree({ chart, isAdmin }: { chart: OrgChart; isAdmin: boolean }) {
  const org = useActorRef(orgChartScreenMachine, { input: { people: chart.people, view: firstView() } });
  const view = useSelector(org, (s) => s.context.view);
  const people = useSelector(org, (s) => s.context.people);
  const search = useSelector(org, (s) => s.context.search);
  const expandedIds = useSelector(org, (s) => s.context.expanded);
  const chartOpen = useSelector(org, (s) => s.context.chartOpen);
  const focused = useSelector(org, (s) => s.context.focused);
  const changingId = useSelector(org, (s) => s.context.changing);
  const managerPick = useSelector(org, (s) => s.context.managerId);
  const error = useSelector(org, (s) => s.context.error);
  const busy = useSelector(org, (s) => s.hasTag('busy'));
  const pdf = useActorRef(orgChartPdfMachine, { input: { notices: PDF_NOTICES } });
  const pdfBusy = useSelector(pdf, (s) => s.hasTag('busy'));
  const roots = useMemo(() => orgTree(people), [people]);
  const managers = useMemo(() => new Set(people.map((p) => p.managerId).filter((m): m is number => m !== null)), [people]);
  const expanded = useMemo(() => new Set<Key>(expandedIds), [expandedIds]);
  const chain = useMemo(() => (focused === null ? [] : chainOf(people, focused)), [people, focused]);
  const inChain = new Set(chain.map((p) => p.id));
  const found = useMemo(() => searchPeople(people, search), [people, search]);
  const changing = changingId === null ? null : (people.find((p) => p.id === changingId) ?? null);
  const managerId = managerPick === null ? NO_MANAGER : String(managerPick);
  const pictures = useSelector(useSelector(org, selectAvatarsOf), selectThumbnails);
  const focusedPerson = focused === null ? null : (people.find((p) => p.id === focused) ?? null);

  const drawn = useMemo(() => (view === 'chart' ? orgChartSpec(people, focused, chartOpen) : null), [view, people, focused, chartOpen]);
  const startChange = (node: OrgNode) => org.send({ type: 'org.change.open', id: node.id });
  const options = [{ id: NO_MANAGER, label: 'Nobody (top of the organisation)' }, ...people.filter((p) => p.id !== changing?.id).map((p) => ({ id: String(p.id), label: p.title ? `${p.name}, ${p.title}` : p.name }))];

  const renderItem = (node: OrgNode) => (
    <TreeItem id={node.id} textValue={node.name} className={styles.item}>
      <TreeItemContent>
        {({ hasChildItems, isExpanded, level }) => (
          <div className={styles.content} style={{ paddingInlineStart: `calc(${level - 1} * 1.5rem)` }}>
            {hasChildItems ? (
              <AriaButton slot="chevron" className={styles.chevron} aria-label={isExpanded ? `Hide who reports to ${node.name}` : `Show who reports to ${node.name}`}>
                <ChevronDownIcon className={isExpanded ? styles.open : styles.closed} />
              </AriaButton>
            ) : (
              <span className={styles.leaf} aria-hidden="true" />
            )}
            <PersonRow node={node} highlighted={inChain.has(node.id)} onChange={isAdmin ? startChange : null} picture={pictures[node.id]} />
          </div>
        )}
      </TreeItemContent>
      <Collection items={node.children}>{renderItem}</Collection>
    </TreeItem>
  );

  return (
    <div className={styles.layout}>
      <Card>
        <div className={styles.tools}>
          <ComboBox
            label="Find a person"
            items={found.map((p) => ({ id: String(p.id), label: p.title ? `${p.name}, ${p.title}` : p.name }))}
            onInputChange={(text) => org.send({ type: 'org.search', text })}
            onSelectionChange={(k: Key | null) => (k === null ? undefined : org.send({ type: 'org.focus', id: Number(k) }))}
            placeholder="Name or title"
            description="Shows the person and their chain to the top."
          />
          <ToggleButtonGroup
            aria-label="Show the organisation as"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[view]}
            onSelectionChange={(keys) => {
              const [next] = [...keys];
              if (next === 'chart' || next === 'list') org.send({ type: 'org.view', view: next });
            }}
            className={styles.segments}
          >
            <ToggleButton id="chart" className={styles.segment}>
              Chart
            </ToggleButton>
            <ToggleButton id="list" className={styles.segment}>
              List
            </ToggleButton>
          </ToggleButtonGroup>
          <Button variant="secondary" isPending={pdfBusy} onPress={() => pdf.send({ type: 'form.submit', input: null })}>
            Export PDF
          </Button>
        </div>
        {focusedPerson ? <FocusedPerson person={focusedPerson} picture={pictures[focusedPerson.id]} /> : null}
        {chain.length ? (
          <nav aria-label="Chain to the top" className={styles.chain}>
            <ol>
              {[...chain].reverse().map((p) => (
                <li key={p.id}>
                  <strong>{p.name}</strong>
                  {p.title ? ` · ${p.title}` : ''}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <p className={styles.summary}>
          {people.length} people, {managers.size} with people reporting to them.
        </p>
      </Card>
      {drawn ? (
        <Card>
          {drawn.shown < people.length ? (
            <p className={styles.summary}>
              {drawn.shown} of {people.length} people drawn. {ORG_CHART_DRAWN_HINT}
            </p>
          ) : null}
          {drawn.treeHeight > drawn.height ? <p className={styles.summary}>Drag the chart to move along the organisation; scroll on it to zoom.</p> : null}
          <div className={styles.drawing}>
            <Chart spec={drawn.spec} height={drawn.height} treeHeight={drawn.treeHeight} treeFocus={focused === null ? undefined : String(focused)} table="none" onSelect={(key) => org.send({ type: 'org.pick', id: Number(key) })} />
          </div>
        </Card>
      ) : (
      <Card padding="none">
        <Tree aria-label="Org chart" items={roots} expandedKeys={expanded} onExpandedChange={(keys) => org.send({ type: 'org.expand', ids: [...keys].map(Number) })} selectionMode="single" selectedKeys={focused === null ? [] : [focused]} onSelectionChange={(keys) => {
          const id = keys === 'all' ? undefined : [...keys][0];
          if (id !== undefined) org.send({ type: 'org.focus', id: Number(id) });
        }} className={styles.tree}>
          {renderItem}
        </Tree>
      </Card>
      )}
      {changing ? (
        <Dialog
          isOpen
          onOpenChange={(open) => (open ? undefined : org.send({ type: 'org.change.cancel' }))}
          title={`Whom does ${changing.name} report to?`}
          footer={(close) => (
            <>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button
                variant="primary"
                isPending={busy}
                onPress={() => org.send({ type: 'org.change.save' })}
              >
                Save
              </Button>
            </>
          )}
        >
          <FormErrorBanner title={error ?? undefined} />
          <ComboBox
            label="Reports to"
            items={options}
            selectedKey={managerId}
            defaultInputValue={options.find((o) => o.id === managerId)?.label}
            onSelectionChange={(k: Key | null) => org.send({ type: 'org.change.pick', managerId: k === null || k === NO_MANAGER ? null : Number(k) })}
          />
        </Dialog>
      ) : null}
    </div>
  );
}

/** /orgchart: the organisation from each person's manager. */
export default function OrgChartScreen() {
  const query = useActorRef(orgChartMachine, { input: { query: null } });
  const isAdmin = useContext(StaffRoleContext) === 'admin';
  return (
    <div className={styles.page}>
      <PageHeader title="Org Chart" subtitle={isAdmin ? 'Who reports to whom. As an admin you can change a reporting line; a change that would make a loop is refused.' : 'Who reports to whom.'} />
      <QueryView actor={query} errorFallback="The org chart could not be loaded" loading={<SkeletonCard label="Loading the org chart" />}>
        {(chart) => <OrgTree chart={chart} isAdmin={isAdmin} />}
      </QueryView>
    </div>
  );
}
