import { describe, expect, it } from 'vitest';
import type { OrgPerson } from '@contracts/people';
import { chainOf, ORG_CHART_FIRST_DRAWN, ORG_CHART_ROW_PX, ORG_CHART_WINDOW_PX, orgChartFirstOpen, orgChartSpec, orgTree, searchPeople } from '@/features/people/org-tree';

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

  it('draws a large organisation level by level down to as many people as it draws at first, the managers below closed', () => {
    // A head, 10 directors, 10 managers under each, 900 technicians spread under the managers.
    const org = [
      person(1, 'Head', null),
      ...Array.from({ length: 10 }, (_, i) => person(2 + i, `Director ${i}`, 1)),
      ...Array.from({ length: 100 }, (_, i) => person(12 + i, `Manager ${i}`, 2 + Math.floor(i / 10))),
      ...Array.from({ length: 900 }, (_, i) => person(112 + i, `Technician ${i}`, 12 + (i % 100))),
    ];
    expect(ORG_CHART_FIRST_DRAWN).toBe(200);
    const open = orgChartFirstOpen(org)!;
    expect([...open].sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => 1 + i));
    const drawn = orgChartSpec(org, null, open);
    expect(drawn.shown).toBe(111);
    expect(drawn.spec.categories).toHaveLength(1011);
    expect(drawn.spec.collapsed!.map((i) => drawn.spec.categories[i]).sort((a, b) => a!.localeCompare(b!))).toEqual(Array.from({ length: 100 }, (_, i) => `Manager ${i}`).sort((a, b) => a.localeCompare(b)));
    expect(drawn.treeHeight).toBe(100 * ORG_CHART_ROW_PX);
    // A manager opened: their nine technicians are drawn too.
    const more = orgChartSpec(org, null, [...open, 12]);
    expect(more.shown).toBe(120);
    expect(more.treeHeight).toBe((99 + 9) * ORG_CHART_ROW_PX);
    // The whole organisation when every manager is open, and a small one always.
    expect(orgChartSpec(org, null).shown).toBe(1011);
    expect(orgChartSpec(org, null).spec.collapsed).toBeUndefined();
    expect(orgChartFirstOpen(PEOPLE)).toBeNull();
    // Even a head with a thousand direct reports has them drawn: the people at the top are always open.
    expect(orgChartFirstOpen([person(1, 'Head', null), ...Array.from({ length: 999 }, (_, i) => person(i + 2, `P${i}`, 1))])).toEqual([1]);
  });
});
