import { describe, expect, it } from 'vitest';
import type { OrgPerson } from '@contracts/people';
import { chainOf, ORG_CHART_ROW_PX, ORG_CHART_WINDOW_PX, orgChartSpec, orgTree, searchPeople } from '@/features/people/org-tree';

const person = (id: number, name: string, managerId: number | null, title: string | null = null): OrgPerson => ({ id, name, title, department: null, managerId, status: [], avatarVersion: null });
const PEOPLE = [person(1, 'Alex Admin', null), person(2, 'Morgan Manager', 1), person(3, 'Avery Agent', 2, 'Support Engineer'), person(4, 'Zoë Ángel', 2), person(5, 'Orphan', 99)];

describe('the org chart from each person\'s manager', () => {
  it('puts people without a known manager at the top and each person under their manager, by name', () => {
    const roots = orgTree(PEOPLE);
    expect(roots.map((r) => r.name)).toEqual(['Alex Admin', 'Orphan']);
    expect(roots[0]!.children[0]!.children.map((c) => c.name)).toEqual(['Avery Agent', 'Zoë Ángel']);
  });

  it('walks a person\'s chain to the top, and stops where the data loops', () => {
    expect(chainOf(PEOPLE, 3).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(chainOf([person(1, 'A', 2), person(2, 'B', 1)], 1).map((p) => p.id)).toEqual([1, 2]);
  });

  it('finds people by name or title, accents ignored, names that start with the text first', () => {
    expect(searchPeople(PEOPLE, 'zoe angel').map((p) => p.id)).toEqual([4]);
    expect(searchPeople(PEOPLE, 'a').map((p) => p.name).slice(0, 2)).toEqual(['Alex Admin', 'Avery Agent']);
    expect(searchPeople(PEOPLE, 'support').map((p) => p.id)).toEqual([3]);
    expect(searchPeople(PEOPLE, '  ')).toEqual([]);
  });

  it('lays a large organisation out at its full height but draws only a window of it on the page', () => {
    const many = [person(1, 'Head', null), ...Array.from({ length: 999 }, (_, i) => person(i + 2, `P${i}`, 1))];
    const drawn = orgChartSpec(many, null);
    expect(drawn.treeHeight).toBe(999 * ORG_CHART_ROW_PX);
    expect(drawn.height).toBe(ORG_CHART_WINDOW_PX);
    const small = orgChartSpec(PEOPLE, null);
    expect(small.height).toBe(small.treeHeight);
  });
});
