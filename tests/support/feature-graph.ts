/**
 * The dependency graph between features, from every import of every file: static, type-only
 * (dpdm reads TypeScript without dropping types) and lazy `import()`. Files of
 * `src/features/<name>/` and `server/features/<name>/` are the features `src:<name>` and `server:<name>`.
 */
import { parseDependencyTree } from 'dpdm';

const FEATURE = /(?:^|\/)(src|server)\/features\/([^/]+)\//;

export const featureOf = (path: string | null): string | null => {
  const m = path ? FEATURE.exec(path) : null;
  return m ? `${m[1]}:${m[2]}` : null;
};

/** Edges "from → to" between different features, each with one file import that makes it. */
export async function featureEdges(globs: string[], options: { cwd: string; tsconfig?: string }): Promise<Map<string, string>> {
  const tree = await parseDependencyTree(globs, {
    cwd: options.cwd,
    context: options.cwd,
    tsconfig: options.tsconfig,
    transform: false,
    skipDynamicImports: false,
    extensions: ['.ts', '.tsx', '.js', '.mjs'],
    js: ['.ts', '.tsx', '.js', '.mjs'],
    include: /\.(ts|tsx|js|mjs)$/,
    exclude: /node_modules/,
  });
  const edges = new Map<string, string>();
  for (const [file, deps] of Object.entries(tree)) {
    const from = featureOf(file);
    if (!from || !deps) continue;
    for (const dep of deps) {
      const to = featureOf(dep.id);
      if (to && to !== from && !edges.has(`${from} → ${to}`)) edges.set(`${from} → ${to}`, `${file} imports ${dep.request} (${dep.kind})`);
    }
  }
  return edges;
}

/** The cycles between features: each strongly connected group of more than one feature, with the edges inside it. */
export function featureCycles(edges: Map<string, string>): string[][] {
  const next = new Map<string, string[]>();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' → ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!order.has(v)) visit(v);
  const inside = (group: string[], key: string) => key.split(' → ').every((end) => group.includes(end));
  return groups.map((group) =>
    [...edges.entries()]
      .filter(([key]) => inside(group, key))
      .map(([key, why]) => `${key}: ${why}`)
      .sort(),
  );
}
