/**
 * The import resolver of the lint walls: the path aliases of tsconfig.json (`@/`, `@contracts/`,
 * `@server/`, `@tests/`) and relative paths with their TypeScript extensions, below a root
 * (the repository, or a wall test's fixture tree); packages and Node built-ins through the node
 * resolver.
 */
const { existsSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const ALIASES = [
  ['@contracts/', 'src/contracts/'],
  ['@server/', 'server/'],
  ['@tests/', 'tests/'],
  ['@/', 'src/'],
];

function file(base) {
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolveImport(source, importer, config = {}) {
  const root = config.root ?? process.cwd();
  const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
  if (alias) {
    const path = file(join(root, alias[1], source.slice(alias[0].length)));
    return { found: Boolean(path), path };
  }
  if (source.startsWith('.')) {
    const path = file(resolve(dirname(importer), source));
    return { found: Boolean(path), path };
  }
  return nodeResolver.resolve(source, importer, {});
};
