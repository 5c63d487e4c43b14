/**
 * The import walls hold: the lint rules of eslint/walls.js, run over a small tree that mirrors
 * the real folders (tests/architecture/fixtures), report every file that breaks a wall with the
 * rule that guards it, and nothing in the files that keep to the walls.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { walls } from '../../eslint/walls.js';

const ROOT = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Each fixture that breaks a wall, the wall, and the rule that must report it. */
const BROKEN: [file: string, wall: string, rule: string][] = [
  ['src/features/beta/screens/ReachesIntoAlpha.tsx', "a feature imports another feature's internals", 'import/no-restricted-paths'],
  ['server/features/delta/reaches-gamma.ts', "a server feature imports another feature's internals", 'import/no-restricted-paths'],
  ['src/features/beta/machines/imports-screen.machine.ts', 'a machine imports a screen', 'import/no-restricted-paths'],
  ['src/features/beta/machines/imports-react.machine.ts', 'a machine imports React', 'no-restricted-imports'],
  ['src/features/beta/machines/imports-axios.machine.ts', 'a machine imports axios', 'no-restricted-imports'],
  ['src/features/beta/api.ts', 'service calls import React', 'no-restricted-imports'],
  ['src/features/beta/uses-app.ts', 'a feature imports the app layer', 'import/no-restricted-paths'],
  ['src/shared/reaches-feature.ts', 'the shared layer imports a feature', 'import/no-restricted-paths'],
  ['src/contracts/reaches-shared.ts', 'a contract imports the browser app', 'import/no-restricted-paths'],
  ['server/features/delta/reaches-browser.ts', 'the server imports src/ beyond src/contracts', 'import/no-restricted-paths'],
  ['server/platform/reaches-feature.ts', 'the platform imports a server feature', 'import/no-restricted-paths'],
  ['src/features/beta/cycle-a.ts', 'an import cycle', 'import/no-cycle'],
  ['src/features/beta/cycle-b.ts', 'an import cycle', 'import/no-cycle'],
];

/** Files that keep to every wall: a feature through another's index, screens → machines → api → contracts, the app assembling features. */
const CLEAN = [
  'src/features/alpha/index.ts',
  'src/features/alpha/api.ts',
  'src/features/alpha/machines/alpha.machine.ts',
  'src/features/alpha/screens/AlphaScreen.tsx',
  'src/features/beta/index.ts',
  'src/features/beta/machines/beta.machine.ts',
  'src/shared/format.ts',
  'src/app/assembly.ts',
  'src/contracts/thing.ts',
  'server/features/gamma/index.ts',
  'server/features/gamma/gamma.repo.ts',
  'server/features/delta/delta.routes.ts',
];

describe('the import walls', () => {
  const reported = new Map<string, string[]>();
  beforeAll(async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...walls(ROOT)],
    });
    for (const result of await eslint.lintFiles(['src', 'server'])) {
      const file = result.filePath.slice(ROOT.length);
      reported.set(file, result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`));
    }
    // The report, for whoever reads the test output.
    const lines = [...reported].sort().map(([file, rules]) => `  ${rules.length ? '✗' : '✓'} ${file}${rules.length ? `  ${[...new Set(rules)].join(', ')}` : ''}`);
    process.stdout.write(`lint walls over tests/architecture/fixtures:\n${lines.join('\n')}\n`);
  }, 60_000);

  it('lints every fixture', () => {
    expect([...reported.keys()].sort()).toEqual([...BROKEN.map(([f]) => f), ...CLEAN].sort());
  });

  for (const [file, wall, rule] of BROKEN) {
    it(`fails on ${wall} (${file}) with ${rule}`, () => {
      expect(reported.get(file)).toContain(rule);
    });
  }

  it('passes the files that keep to the walls', () => {
    expect(Object.fromEntries(CLEAN.map((f) => [f, reported.get(f)]))).toEqual(Object.fromEntries(CLEAN.map((f) => [f, []])));
  });
});
