import type { GraphNode, MachineGraph } from './graph';

/** A Mermaid-safe state id: the node path joined with `__` (`signedIn`, `table__sorting`). */
const mermaidId = (n: GraphNode) => n.path.map((p) => p.replace(/[^A-Za-z0-9_]/g, '_')).join('__');
/** Mermaid labels end at a newline and treat `;` and `#` specially. */
const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/[;#]/g, ',').trim();

/**
 * Renders the graph as Mermaid `stateDiagram-v2`: nested states, `[*]` for initial and final
 * states, transitions labelled with event, delay and guard, descriptions as state descriptions.
 */
export function graphToMermaid(graph: MachineGraph): string {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const lines: string[] = ['---', `title: ${clean(graph.id)}`, '---', 'stateDiagram-v2'];
  if (graph.description) lines.push(`  %% ${clean(graph.description)}`);

  const emit = (n: GraphNode, indent: string) => {
    if (n.initialId) lines.push(`${indent}[*] --> ${mermaidId(nodes.get(n.initialId)!)}`);
    n.childIds.forEach((id, i) => {
      const c = nodes.get(id)!;
      const cid = mermaidId(c);
      if (c.childIds.length) {
        lines.push(`${indent}state "${clean(c.key)}" as ${cid} {`);
        emit(c, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${clean(c.key)}" as ${cid}`);
      }
      if (c.description) lines.push(`${indent}${cid} : ${clean(c.description)}`);
      if (c.type === 'final') lines.push(`${indent}${cid} --> [*]`);
      if (n.type === 'parallel' && i < n.childIds.length - 1) lines.push(`${indent}--`);
    });
  };
  emit(nodes.get(graph.rootId)!, '  ');

  for (const e of graph.edges) {
    const source = nodes.get(e.sourceId)!;
    if (source.parentId === null) continue; // root-level transitions have no box to start from in Mermaid
    const targets = e.targetIds.length ? e.targetIds : [e.sourceId];
    for (const t of targets) {
      const target = nodes.get(t)!;
      if (target.parentId === null) continue;
      lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${clean(e.label)}`);
    }
  }
  return lines.join('\n') + '\n';
}
