/** The org chart's shape from each person's manager: the tree, a person's chain to the top, a search. */
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
