import { expect } from 'vitest';
import type { SearchEverything } from '@contracts/search';
import { machineRegistry } from '@/app/machine-registry';
import type { SearchPaletteContext } from '@/features/search/machines/search-palette.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'search-palette')!;
const answer = (n: number): SearchEverything => ({
  q: 'meter',
  groups: [
    { group: 'tickets', hits: Array.from({ length: n }, (_, i) => ({ id: 10 + i, title: `#${10 + i} Meter ${i}`, detail: 'Active', companyId: 1 })) },
    { group: 'companies', hits: [] },
  ],
});

describeMachinePaths(entry, {
  events: [
    { type: 'palette.type', query: 'meter' },
    { type: 'palette.type', query: '  ' },
    { type: 'palette.next' },
    { type: 'palette.previous' },
    { type: 'palette.highlight', index: 1 },
    { type: 'palette.choose' },
    { type: 'palette.retry' },
  ],
  outputs: { search: [answer(2), answer(0)] },
  errors: { search: [new Error('The database is busy')] },
  check: (snapshot) => {
    const c = snapshot.context as SearchPaletteContext;
    // The highlight always names a row when there are rows.
    if (c.rows.length) expect(c.highlighted).toBeLessThan(c.rows.length);
    else expect(c.highlighted).toBe(0);
    if (snapshot.matches('empty')) expect(c.rows).toEqual([]);
    if (snapshot.matches('failed')) expect(c.error).toBe('The database is busy');
  },
});
