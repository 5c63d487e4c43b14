import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { machinesWithoutPathTests } from './coverage-allow-list';

/** Test files that end with the coverage check of a machine, by registry id. */
function checkedElsewhere(): Set<string> {
  const ids = new Set<string>();
  for (const dir of ['tests/models', 'tests/machines']) {
    for (const file of readdirSync(join(process.cwd(), dir))) {
      const text = readFileSync(join(process.cwd(), dir, file), 'utf8');
      for (const m of text.matchAll(/itReachesEveryStateAndTransition\(machineRegistry\.find\(\(m\) => m\.id === '([^']+)'\)/g)) ids.add(m[1]!);
    }
  }
  return ids;
}

describe('machine registry', () => {
  it('has a path test with the coverage check for every registered machine, or a reason why not', () => {
    const elsewhere = checkedElsewhere();
    const missing = machineRegistry
      .filter((m) => !existsSync(join(process.cwd(), 'tests', 'models', `${m.id}.coverage.test.ts`)) && !elsewhere.has(m.id))
      .filter((m) => !machinesWithoutPathTests[m.id])
      .map((m) => m.id);
    expect(missing).toEqual([]);
  });

  it('lists no machine as without path tests that has them', () => {
    const elsewhere = checkedElsewhere();
    const both = Object.keys(machinesWithoutPathTests).filter(
      (id) => elsewhere.has(id) || existsSync(join(process.cwd(), 'tests', 'models', `${id}.coverage.test.ts`)),
    );
    expect(both).toEqual([]);
  });

  it('has unique ids and machine ids', () => {
    expect(new Set(machineRegistry.map((m) => m.id)).size).toBe(machineRegistry.length);
    expect(new Set(machineRegistry.map((m) => m.machine.id)).size).toBe(machineRegistry.length);
  });
});
