/** The org chart's shape from each person's manager: the tree, a person's chain to the top, a search. */
import { chartSpec, type ChartSpec } from '@contracts/charts';
import type { OrgPerson } from '@contracts/people';

export type OrgNode = OrgPerson & { children: OrgNode[] };

/** The people as a forest: those without a (known) manager at the top, each with those who report to them, by name. */
export function orgTree(people: readonly OrgPerson[]): OrgNode[] {
  const nodes = new Map(people.map((p) => [p.id, { ...p, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const manager = node.managerId === null ? undefined : nodes.get(node.managerId);
    (manager ? manager.children : roots).push(node);
  }
  const byName = (a: OrgNode, b: OrgNode) => a.name.localeCompare(b.name);
  for (const node of nodes.values()) node.children.sort(byName);
  return roots.sort(byName);
}

/** The person and everyone above them, up to the top (a loop in the data stops the walk). */
export function chainOf(people: readonly OrgPerson[], id: number): OrgPerson[] {
  const byId = new Map(people.map((p) => [p.id, p]));
  const chain: OrgPerson[] = [];
  const seen = new Set<number>();
  for (let p = byId.get(id); p && !seen.has(p.id); p = p.managerId === null ? undefined : byId.get(p.managerId)) {
    seen.add(p.id);
    chain.push(p);
  }
  return chain;
}

/** People whose name or title holds the text (case and accents ignored), best first: names that start with it. */
export function searchPeople(people: readonly OrgPerson[], text: string): OrgPerson[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = fold(text.trim());
  if (!q) return [];
  return people
    .filter((p) => fold(p.name).includes(q) || fold(p.title ?? '').includes(q))
    .sort((a, b) => Number(!fold(a.name).startsWith(q)) - Number(!fold(b.name).startsWith(q)) || a.name.localeCompare(b.name));
}

/** Height of one row of people on the drawn chart, in pixels, and the least height it takes. */
export const ORG_CHART_ROW_PX = 22;
export const ORG_CHART_MIN_PX = 320;
/**
 * The most the drawing takes on the page, in pixels: a taller organisation is laid out at its full
 * height and the drawing is a window on it, moved by dragging (only the part in view is painted).
 */
export const ORG_CHART_WINDOW_PX = 640;

/**
 * The most people the drawn chart shows at first. A larger organisation opens level by level from
 * the top while the people drawn stay within it; the managers below are drawn closed (a click on
 * one draws who reports to them), so a first draw lays out and paints a couple of hundred nodes,
 * not the whole organisation (docs/adr/0242-a-large-org-chart-opens-level-by-level.md).
 */
export const ORG_CHART_FIRST_DRAWN = 200;

/** What the screen says under "N of M people drawn." about the clicks on a large organisation's chart. */
export const ORG_CHART_DRAWN_HINT =
  'Click a filled dot to draw who reports to that person, and their ring again to close it; click anyone else to find them in the list.';

/**
 * The managers open on the drawn chart at first: null (everyone) for an organisation of at most
 * ORG_CHART_FIRST_DRAWN people; otherwise the people at the top (always), then each level below
 * them in turn while the people drawn stay within ORG_CHART_FIRST_DRAWN.
 */
export function orgChartFirstOpen(people: readonly OrgPerson[]): number[] | null {
  if (people.length <= ORG_CHART_FIRST_DRAWN) return null;
  const open: number[] = [];
  let level = orgTree(people);
  let shown = level.length;
  for (let depth = 0; ; depth++) {
    const below = level.flatMap((n) => n.children);
    if (!below.length || (depth > 0 && shown + below.length > ORG_CHART_FIRST_DRAWN)) return open;
    for (const n of level) if (n.children.length) open.push(n.id);
    shown += below.length;
    level = below;
  }
}

/**
 * The org chart for the one chart component: each person a node under their manager (drill key:
 * their id, value: how many report to them), the focused person's chain to the top stressed;
 * with `open` (the managers open on the chart; null: everyone) the other managers are drawn
 * closed, those below them left out of the drawing. `shown` is how many people are drawn,
 * `treeHeight` the height they need, `height` what the drawing takes on the page.
 */
export function orgChartSpec(
  people: readonly OrgPerson[],
  focused: number | null,
  open: readonly number[] | null = null,
): { spec: ChartSpec; height: number; treeHeight: number; shown: number } {
  const ordered = orgTree(people);
  const flat: OrgPerson[] = [];
  const walk = (nodes: OrgNode[]) => nodes.forEach((n) => (flat.push(n), walk(n.children)));
  walk(ordered);
  const index = new Map(flat.map((p, i) => [p.id, i]));
  const reports = new Map<number, number>();
  for (const p of flat) if (p.managerId !== null && index.has(p.managerId)) reports.set(p.managerId, (reports.get(p.managerId) ?? 0) + 1);
  const chain = focused === null ? [] : chainOf(people, focused);
  const openSet = open === null ? null : new Set(open);
  const isOpen = (id: number) => openSet === null || openSet.has(id);
  // The people drawn, and those of them drawn without anyone below (a row each).
  let shown = 0;
  let leaves = 0;
  const draw = (nodes: OrgNode[]) =>
    nodes.forEach((n) => {
      shown++;
      if (n.children.length && isOpen(n.id)) draw(n.children);
      else leaves++;
    });
  draw(ordered);
  const collapsed = openSet === null ? [] : flat.flatMap((p, i) => (reports.has(p.id) && !openSet.has(p.id) ? [i] : []));
  const tops = ordered.length;
  const spec = chartSpec({
    kind: 'tree',
    title: 'Org chart',
    summary: `${flat.length} people; ${reports.size} with people reporting to them; ${tops === 1 ? `${ordered[0]!.name} at the top` : `${tops} people at the top`}.`,
    valueLabel: 'reporting to them',
    categories: flat.map((p) => p.name),
    series: [{ name: 'Reports', values: flat.map((p) => reports.get(p.id) ?? 0), drill: flat.map((p) => String(p.id)) }],
    parents: flat.map((p) => (p.managerId === null ? null : (index.get(p.managerId) ?? null))),
    emphasised: chain.map((p) => index.get(p.id)!).filter((i) => i !== undefined),
    ...(collapsed.length ? { collapsed } : {}),
  });
  const treeHeight = Math.max(ORG_CHART_MIN_PX, leaves * ORG_CHART_ROW_PX);
  return { spec, height: Math.min(treeHeight, ORG_CHART_WINDOW_PX), treeHeight, shown };
}

/** The people of the org chart whose pictures the list shows now: the top and those under an opened manager, and the focused person. */
export function peopleWithPicturesShown(people: readonly OrgPerson[], expanded: readonly number[], focused: number | null, listShown: boolean) {
  const ids = new Set(people.map((p) => p.id));
  const open = new Set(expanded);
  return people
    .filter((p) => p.avatarVersion !== null && (p.id === focused || (listShown && (p.managerId === null || !ids.has(p.managerId) || open.has(p.managerId)))))
    .map((p) => ({ recordId: p.avatarVersion!, id: p.id }));
}
