/**
 * The import walls of the codebase (docs/architecture.md), as lint rules. `walls(root)` builds
 * them for a tree: the repository (eslint.config.js) or a fixture tree that breaks each wall on
 * purpose (tests/architecture/walls.test.ts), so the walls cannot silently stop working.
 *
 * - A feature imports another feature only through its index.ts (browser and server).
 * - Inside a feature: screens → machines → api → contracts; machines and api never import screens.
 * - Machines and api import neither React nor views; machines import no axios (service calls come in as actors).
 * - src/shared never imports a feature or the app; features never import the app.
 * - src/contracts imports nothing of the browser app or the server.
 * - The server imports nothing from src/ but src/contracts; server/platform never imports a server feature.
 * - No import cycles (a cycle through a lazy `import()` of a route's screen is not one).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const RESOLVER = fileURLToPath(new URL('./resolver.cjs', import.meta.url));

const featuresOf = (root, dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);

/** One zone per pair of features: everything but the other's index.ts is out of bounds. */
function featureZones(root, dir) {
  const features = featuresOf(root, dir);
  return features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./${dir}/${feature}`,
        from: `./${dir}/${other}`,
        except: ['./index.ts'],
        message: `A feature imports another feature only through its index.ts (${dir}/${other}/index.ts).`,
      })),
  );
}

/** Files that hold behaviour without a view: machines and service calls. */
const MACHINE_FILES = ['src/**/machines/**/*.{ts,tsx}', 'src/**/*.machine.ts', 'src/**/*.machines.ts'];
const API_FILES = ['src/features/*/api.ts', 'src/shared/http/**/*.ts', 'src/shared/session/api.ts'];

const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', 'react-aria-components', 'wouter', '@tanstack/react-virtual'];

/**
 * @param {string} root the tree's root folder
 * @returns {import('eslint').Linter.Config[]}
 */
export function walls(root) {
  const zones = [
    ...featureZones(root, 'src/features'),
    ...featureZones(root, 'server/features'),
    {
      target: ['./src/features/*/machines/**', './src/features/*/api.ts', './src/shared/machines/**', './src/shared/http/**', './src/shared/session/**/*.machine.ts'],
      // Views are .tsx; plain modules of the kit (the toast queue, the date formats) are fine.
      from: ['./src/features/*/screens/**', './src/shared/ui/**/*.tsx'],
      message: 'Machines and service calls never import screens or views: views read machines, not the other way round.',
    },
    { target: './src/shared', from: ['./src/features', './src/app'], message: 'The shared layer never imports a feature or the app.' },
    { target: './src/features', from: './src/app', message: 'A feature never imports the app layer; the app assembles the features.' },
    {
      target: './src/contracts',
      from: ['./src/app', './src/features', './src/shared', './server'],
      message: 'Contracts are plain schemas shared by the browser and the server; they import nothing of either.',
    },
    { target: './server', from: './src', except: ['./contracts'], message: 'The server imports only src/contracts from the browser side.' },
    { target: './server/platform', from: './server/features', message: 'The platform never imports a server feature.' },
  ];
  return [
    {
      files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
      plugins: { import: importPlugin },
      settings: {
        'import/parsers': { [fileURLToPath(import.meta.resolve('@typescript-eslint/parser'))]: ['.ts', '.tsx'] },
        'import/resolver': { [RESOLVER]: { root } },
        'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        // Packages are not walked for cycles.
        'import/ignore': ['node_modules'],
      },
      languageOptions: { parser: tseslint.parser },
      rules: {
        'import/no-restricted-paths': ['error', { basePath: root, zones }],
        'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      },
    },
    {
      files: [...MACHINE_FILES, ...API_FILES],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ group: REACT, message: 'Machines and service calls import neither React nor views; a view reads them.' }] },
        ],
      },
    },
    {
      files: MACHINE_FILES,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: REACT, message: 'Machines and service calls import neither React nor views; a view reads them.' },
              { group: ['axios', 'axios/*'], message: 'A machine gets its service calls as actors (api.ts); it never imports axios.' },
            ],
          },
        ],
      },
    },
    {
      files: ['src/contracts/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'axios', 'node:*'], message: 'Contracts are plain schemas shared by server and client.' }] }],
      },
    },
  ];
}
