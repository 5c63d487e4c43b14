/**
 * The public pages' light entry stays within its JS budget (docs/bench/bundle.md): the four public
 * forms (signup, forgot password, the password links) draw native controls and load the contract's
 * schemas and endpoint definitions on first use, so nothing they import up front brings zod or
 * react-aria. Follows the static imports from each screen (a dynamic `import()` loads later).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
const SCREENS = ['ClientSignupScreen.tsx', 'ClientForgotPasswordScreen.tsx', 'ClientPasswordScreen.tsx'];
/** The packages the public forms must not load up front. */
const HEAVY = ['zod', 'react-aria-components'];

const STATIC_IMPORT = /^\s*(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm;

function resolveModule(spec: string, from: string): string | null {
  const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : spec.startsWith('@contracts/') ? join(SRC, 'contracts', spec.slice('@contracts/'.length)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/')) ?? null;
}

/** The bare packages a module reaches through its static imports, with the chain that reaches each. */
function packagesReached(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string) => {
    if (seen.has(file) || /\.(css|svg|png)$/.test(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const local = resolveModule(spec!, file);
      const here = `${chain} → ${file.slice(SRC.length + 1)}`;
      if (local) walk(local, here);
      else if (!spec!.startsWith('.') && !spec!.startsWith('@/') && !spec!.startsWith('@contracts/')) {
        const pkg = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
        if (!reached.has(pkg)) reached.set(pkg, here);
      }
    }
  };
  walk(entry, '');
  return reached;
}

describe('the public forms are light', () => {
  it.each(SCREENS)('%s loads neither zod nor react-aria up front', (screen) => {
    const reached = packagesReached(join(SRC, 'features/client-portal/screens', screen));
    expect(HEAVY.filter((p) => reached.has(p)).map((p) => `${p} via${reached.get(p)}`)).toEqual([]);
  });
});
