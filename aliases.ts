import { fileURLToPath } from 'node:url';

/**
 * The path aliases of tsconfig.json, for Vite and Vitest (tsx reads tsconfig.json itself).
 * `@contracts/` is listed before `@/` so that the longer prefix wins.
 */
const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
export const ALIASES = [
  { find: /^@contracts\//, replacement: `${at('./src/contracts/')}` },
  { find: /^@server\//, replacement: `${at('./server/')}` },
  { find: /^@tests\//, replacement: `${at('./tests/')}` },
  { find: /^@\//, replacement: `${at('./src/')}` },
];
