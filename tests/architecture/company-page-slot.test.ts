/**
 * The company page is a host: the features that add to it (tickets, client portal users, the
 * survey, contracts, projects, quotes, sales) plug in through its section slot (docs/adr/0090),
 * so the companies feature imports none of them, and the staff layout that provides the slot
 * loads no feature's machines before a screen asks for them.
 */
import { fileURLToPath } from 'node:url';
import { parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { featureEdges } from '@tests/support/feature-graph';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSCONFIG = `${ROOT}tsconfig.json`;

/** Machine modules of a feature (its own folder and the *.machine(s).ts files). */
const FEATURE_MACHINE = /^src\/features\/[^/]+\/(machines\/|.*\.machines?\.ts$)/;

describe("the company page's section slot", () => {
  it('leaves the companies feature importing no other feature, type-only and lazy imports included', async () => {
    const edges = await featureEdges(['src/features/companies/**/*.{ts,tsx}'], { cwd: ROOT, tsconfig: TSCONFIG });
    expect([...edges.entries()].filter(([key]) => key.startsWith('src:companies → ')).map(([key, why]) => `${key}: ${why}`)).toEqual([]);
  });

  it("keeps the staff layout from loading any feature's machines but the shell's up front", async () => {
    // What the layout's chunk pulls in as built: static imports only, type-only imports dropped.
    const tree = await parseDependencyTree(['src/app/SignedInLayout.tsx'], {
      cwd: ROOT,
      context: ROOT,
      tsconfig: TSCONFIG,
      transform: true,
      skipDynamicImports: true,
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      js: ['.ts', '.tsx', '.js', '.mjs'],
      include: /\.(ts|tsx|js|mjs)$/,
      exclude: /node_modules/,
    });
    const files = Object.keys(tree);
    // The slot's list reaches every feature that adds a section, through its routes.ts only.
    expect(files).toEqual(expect.arrayContaining(['src/app/company-sections.ts', 'src/features/tickets/routes.ts', 'src/features/surveys/routes.ts', 'src/features/client-users/routes.ts']));
    expect(files.filter((f) => FEATURE_MACHINE.test(f) && !f.startsWith('src/features/shell/'))).toEqual([]);
  });
});
