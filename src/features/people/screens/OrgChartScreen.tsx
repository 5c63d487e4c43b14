import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useMemo, useState } from 'react';
import { Button as AriaButton, Collection, Tree, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import type { OrgChart, OrgPerson } from '@contracts/people';
import { managerChangeMachine, orgChartMachine, orgChartPdfMachine } from '../machines/people.machines';
import { chainOf, orgTree, searchPeople, type OrgNode } from '../org-tree';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import type { ManagerChangeInput } from '../machines/people.machines';
import { StaffRoleContext } from '@/shared/session/role';
import { Badge, Button, Card, ComboBox, Dialog, FormErrorBanner, PageHeader, QueryView, SkeletonCard } from '@/shared/ui/components';
import { ChevronDownIcon } from '@/shared/ui/components/icons';
import styles from './OrgChartScreen.module.css';

const NO_MANAGER = 'none';
const MANAGER_NOTICES: SubmitNotices<ManagerChangeInput, OrgChart> = { saved: () => 'Reporting line changed', failed: 'The reporting line was not changed' };
const PDF_NOTICES: SubmitNotices<null, void> = { failed: 'The org chart PDF could not be made' };

function PersonRow({ node, highlighted, onChange }: { node: OrgNode; highlighted: boolean; onChange: ((p: OrgNode) => void) | null }) {
  return (
    <div className={highlighted ? `${styles.row} ${styles.highlighted}` : styles.row}>
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
  const roots = useMemo(() => orgTree(chart.people), [chart]);
  const managers = useMemo(() => new Set(chart.people.map((p) => p.managerId).filter((m): m is number => m !== null)), [chart]);
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set(roots.map((r) => r.id)));
  const [search, setSearch] = useState('');
  const [focused, setFocused] = useState<number | null>(null);
  const [changing, setChanging] = useState<OrgNode | null>(null);
  const [managerId, setManagerId] = useState<string>(NO_MANAGER);
  const form = useActorRef(managerChangeMachine, { input: { notices: MANAGER_NOTICES } });
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const pdf = useActorRef(orgChartPdfMachine, { input: { notices: PDF_NOTICES } });
  const pdfBusy = useSelector(pdf, (s) => s.hasTag('busy'));
  const chain = focused === null ? [] : chainOf(chart.people, focused);
  const inChain = new Set(chain.map((p) => p.id));
  const found = searchPeople(chart.people, search);

  const focus = (person: OrgPerson) => {
    setFocused(person.id);
    setExpanded((old) => new Set([...old, ...chainOf(chart.people, person.id).slice(1).map((p) => p.id)]));
  };
  const startChange = (node: OrgNode) => {
    setChanging(node);
    setManagerId(node.managerId === null ? NO_MANAGER : String(node.managerId));
    form.send({ type: 'form.reset' });
  };
  const options = [{ id: NO_MANAGER, label: 'Nobody (top of the organisation)' }, ...chart.people.filter((p) => p.id !== changing?.id).map((p) => ({ id: String(p.id), label: p.title ? `${p.name}, ${p.title}` : p.name }))];

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
            <PersonRow node={node} highlighted={inChain.has(node.id)} onChange={isAdmin ? startChange : null} />
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
            onInputChange={setSearch}
            onSelectionChange={(k: Key | null) => {
              const person = chart.people.find((p) => String(p.id) === String(k));
              if (person) focus(person);
            }}
            placeholder="Name or title"
            description="Shows the person and their chain to the top."
          />
          <Button variant="secondary" isPending={pdfBusy} onPress={() => pdf.send({ type: 'form.submit', input: null })}>
            Export PDF
          </Button>
        </div>
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
          {chart.people.length} people, {managers.size} with people reporting to them.
        </p>
      </Card>
      <Card padding="none">
        <Tree aria-label="Org chart" items={roots} expandedKeys={expanded} onExpandedChange={setExpanded} selectionMode="single" selectedKeys={focused === null ? [] : [focused]} onSelectionChange={(keys) => {
          const id = keys === 'all' ? null : [...keys][0];
          const person = chart.people.find((p) => p.id === id);
          if (person) focus(person);
        }} className={styles.tree}>
          {renderItem}
        </Tree>
      </Card>
      {changing ? (
        <Dialog
          isOpen
          onOpenChange={(open) => (open ? undefined : setChanging(null))}
          title={`Whom does ${changing.name} report to?`}
          footer={(close) => (
            <>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button
                variant="primary"
                isPending={busy}
                onPress={() => form.send({ type: 'form.submit', input: { personId: changing.id, body: { managerId: managerId === NO_MANAGER ? null : Number(managerId) } } })}
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
            onSelectionChange={(k: Key | null) => setManagerId(k === null ? NO_MANAGER : String(k))}
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
