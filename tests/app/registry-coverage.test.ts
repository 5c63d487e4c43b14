import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { machinesWithoutPathTests } from '@tests/support/coverage-allow-list';

/** The browser-side test files: beside their feature, in shared/ and in app/. */
const TEST_FILES = ['tests/features', 'tests/shared', 'tests/app'].flatMap((dir) =>
  (readdirSync(join(process.cwd(), dir), { recursive: true }) as string[]).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => join(process.cwd(), dir, f)),
);

/** Whether `<id>.coverage.test.ts` exists beside its feature (or in shared/). */
const hasCoverageFile = (id: string) => TEST_FILES.some((f) => basename(f) === `${id}.coverage.test.ts`);

/** Test files that end with the coverage check of a machine, by registry id. */
function checkedElsewhere(): Set<string> {
  const ids = new Set<string>();
  for (const file of TEST_FILES) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/itReachesEveryStateAndTransition\(machineRegistry\.find\(\(m\) => m\.id === '([^']+)'\)/g)) ids.add(m[1]!);
  }
  return ids;
}

describe('machine registry', () => {
  it('has a path test with the coverage check for every registered machine, or a reason why not', () => {
    const elsewhere = checkedElsewhere();
    const missing = machineRegistry
      .filter((m) => !hasCoverageFile(m.id) && !elsewhere.has(m.id))
      .filter((m) => !machinesWithoutPathTests[m.id])
      .map((m) => m.id);
    expect(missing).toEqual([]);
  });

  it('lists no machine as without path tests that has them', () => {
    const elsewhere = checkedElsewhere();
    const both = Object.keys(machinesWithoutPathTests).filter(
      (id) => elsewhere.has(id) || hasCoverageFile(id),
    );
    expect(both).toEqual([]);
  });

  it('has unique ids and machine ids', () => {
    expect(new Set(machineRegistry.map((m) => m.id)).size).toBe(machineRegistry.length);
    expect(new Set(machineRegistry.map((m) => m.machine.id)).size).toBe(machineRegistry.length);
  });
});
