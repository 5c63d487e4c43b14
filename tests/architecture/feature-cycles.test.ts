/**
 * Features plug in through registries and never depend on each other in a circle: the import
 * graph between features, type-only and lazy imports included, has no cycle (browser or server).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureCycles, featureEdges } from '@tests/support/feature-graph';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/feature-cycle/', import.meta.url));

describe('dependencies between features', () => {
  it('form no cycle in the browser app or the server', async () => {
    const edges = await featureEdges(['src/**/*.{ts,tsx}', 'server/**/*.ts'], { cwd: ROOT, tsconfig: `${ROOT}tsconfig.json` });
    expect(edges.size).toBeGreaterThan(5);
    expect(featureCycles(edges)).toEqual([]);
  });

  it('report a cycle made only of a type-only import and a lazy import', async () => {
    const edges = await featureEdges(['src/**/*.ts'], { cwd: FIXTURE });
    expect(featureCycles(edges)).toEqual([
      [
        'src:one → src:two: src/features/one/index.ts imports ../two (StaticImport)',
        'src:two → src:one: src/features/two/index.ts imports ../one (DynamicImport)',
      ],
    ]);
  });
});
