import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { machinesWithoutPathTests } from './coverage-allow-list';

describe('machine registry', () => {
  it('has a path test (tests/models/<id>.coverage.test.ts) for every registered machine, or a reason why not', () => {
    const missing = machineRegistry
      .filter((m) => !existsSync(join(process.cwd(), 'tests', 'models', `${m.id}.coverage.test.ts`)))
      .filter((m) => !machinesWithoutPathTests[m.id])
      .map((m) => m.id);
    expect(missing).toEqual([]);
  });

  it('has unique ids and machine ids', () => {
    expect(new Set(machineRegistry.map((m) => m.id)).size).toBe(machineRegistry.length);
    expect(new Set(machineRegistry.map((m) => m.machine.id)).size).toBe(machineRegistry.length);
  });
});
