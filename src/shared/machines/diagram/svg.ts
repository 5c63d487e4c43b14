import type { GraphEdge, GraphNode, MachineGraph } from './graph';

/** A positioned box for one state node, in absolute diagram coordinates. */
export type Box = { id: string; x: number; y: number; w: number; h: number };
/** `reserve`: width kept on the right of a compound state for its arrows that go back up. */
export type Layout = { width: number; height: number; boxes: Map<string, Box>; reserve: Map<string, number> };

const FONT = 13;
const SMALL = 11;
const CHAR_W = 7.4;
const SMALL_CHAR_W = 6.2;
const PAD = 16;
const HEADER = 26;
const MARKER_SPACE = 26;
const H_GAP = 48;
const V_GAP = 76;
const LEAF_H = 38;
const LINE_H = 15;
const BACK_LANE = 24;
const BACK_LABEL_ROOM = 110;

const textWidth = (s: string, w = CHAR_W) => Math.ceil(s.length * w);

/** Escapes text for SVG/XML content and attributes. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function nodeTitle(n: GraphNode, graph: MachineGraph): string {
  return n.parentId === null ? graph.id : n.key;
}

/** The child of `ancestor` that contains `id` (or `id` itself), or null when `id` is outside. */
function childOn(nodes: Map<string, GraphNode>, ancestorId: string, id: string): string | null {
  let current = nodes.get(id);
  while (current && current.parentId !== ancestorId) current = current.parentId ? nodes.get(current.parentId) : undefined;
  return current ? current.id : null;
}

/**
 * A layered compound layout: each compound state ranks its children by distance from the initial
 * child along the transitions between them, and stacks the ranks top to bottom; parallel regions
 * sit side by side. Sizes come from the text, so the result is deterministic.
 */
export function layoutGraph(graph: MachineGraph): Layout {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const sizes = new Map<string, { w: number; h: number }>();
  // Child offsets relative to the parent's top-left corner.
  const offsets = new Map<string, { x: number; y: number }>();
  const reserve = new Map<string, number>();

  const measure = (n: GraphNode): { w: number; h: number } => {
    const title = nodeTitle(n, graph);
    const extra = n.invokes.length ? LINE_H : 0;
    if (n.childIds.length === 0) {
      const w = Math.max(110, textWidth(title) + 32, ...n.invokes.map((s) => textWidth(`invoke ${s}`, SMALL_CHAR_W) + 24));
      const size = { w, h: LEAF_H + extra };
      sizes.set(n.id, size);
      return size;
    }
    const children = n.childIds.map((id) => nodes.get(id)!);
    children.forEach(measure);
    const rank = new Map<string, number>();
    if (n.type === 'parallel') children.forEach((c) => rank.set(c.id, 0));
    else {
      const adjacency = new Map<string, string[]>();
      const pairs: Array<[string, string]> = [];
      for (const e of graph.edges) {
        const from = childOn(nodes, n.id, e.sourceId);
        if (!from) continue;
        for (const t of e.targetIds) {
          const to = childOn(nodes, n.id, t);
          if (to && to !== from) {
            adjacency.set(from, [...(adjacency.get(from) ?? []), to]);
            pairs.push([from, to]);
          }
        }
      }
      const start = n.initialId ?? children[0]!.id;
      rank.set(start, 0);
      const queue = [start];
      while (queue.length) {
        const u = queue.shift()!;
        for (const v of adjacency.get(u) ?? []) {
          if (!rank.has(v)) {
            rank.set(v, rank.get(u)! + 1);
            queue.push(v);
          }
        }
      }
      let next = Math.max(...rank.values()) + 1;
      for (const c of children) if (!rank.has(c.id)) rank.set(c.id, next++);
      const back = new Set(pairs.filter(([a, b]) => rank.get(b)! < rank.get(a)!).map(([a, b]) => `${a}>${b}`));
      reserve.set(n.id, back.size ? 20 + back.size * BACK_LANE + BACK_LABEL_ROOM : 0);
    }
    const rows: string[][] = [];
    for (const c of children) {
      const r = rank.get(c.id)!;
      (rows[r] ??= []).push(c.id);
    }
    const compactRows = rows.filter((r) => r && r.length);
    const rowWidths = compactRows.map((row) => row.reduce((s, id) => s + sizes.get(id)!.w, 0) + H_GAP * (row.length - 1));
    const titleW = textWidth(nodeTitle(n, graph)) + 2 * PAD;
    const innerW = Math.max(...rowWidths, titleW - 2 * PAD);
    let y = HEADER + extra + MARKER_SPACE;
    compactRows.forEach((row, i) => {
      const rowH = Math.max(...row.map((id) => sizes.get(id)!.h));
      let x = PAD + (innerW - rowWidths[i]!) / 2;
      for (const id of row) {
        const s = sizes.get(id)!;
        offsets.set(id, { x, y: y + (rowH - s.h) / 2 });
        x += s.w + H_GAP;
      }
      y += rowH + (i < compactRows.length - 1 ? V_GAP : 0);
    });
    const size = { w: innerW + 2 * PAD + (reserve.get(n.id) ?? 0), h: y + PAD };
    sizes.set(n.id, size);
    return size;
  };

  const root = nodes.get(graph.rootId)!;
  const rootSize = measure(root);
  const boxes = new Map<string, Box>();
  const MARGIN = 12;
  // Room on the right for arrows that go back up.
  const place = (n: GraphNode, x: number, y: number) => {
    const s = sizes.get(n.id)!;
    boxes.set(n.id, { id: n.id, x, y, w: s.w, h: s.h });
    for (const id of n.childIds) {
      const o = offsets.get(id)!;
      place(nodes.get(id)!, x + o.x, y + o.y);
    }
  };
  place(root, MARGIN, MARGIN);
  return { width: rootSize.w + 2 * MARGIN + 40, height: rootSize.h + 2 * MARGIN, boxes, reserve };
}

type Point = { x: number; y: number };
const fmt = (n: number) => String(Math.round(n * 10) / 10);
/** A point on the cubic curve at `t` (fans of arrows from one state separate towards their ends). */
const at = (t: number, p0: Point, p1: Point, p2: Point, p3: Point): Point => {
  const u = 1 - t;
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  };
};
const mid = (p0: Point, p1: Point, p2: Point, p3: Point): Point => ({
  x: (p0.x + 3 * p1.x + 3 * p2.x + p3.x) / 8,
  y: (p0.y + 3 * p1.y + 3 * p2.y + p3.y) / 8,
});

function isAncestor(nodes: Map<string, GraphNode>, ancestor: string, id: string): boolean {
  let current = nodes.get(id);
  while (current) {
    if (current.id === ancestor) return true;
    current = current.parentId ? nodes.get(current.parentId) : undefined;
  }
  return false;
}

/** The curve of one arrow and where its label goes. `lane` separates arrows between the same boxes. */
function route(s: Box, t: Box, lane: number, selfLoop: boolean, backX: number): { d: string; label: Point; anchor: 'start' | 'middle' | 'end' } {
  if (selfLoop) {
    const r = s.x + s.w;
    const y0 = s.y + Math.min(12 + lane * 10, s.h / 2 - 4);
    const y1 = s.y + s.h - Math.min(12 + lane * 10, s.h / 2 - 4);
    const out = 34 + lane * 18;
    const p0 = { x: r, y: y0 };
    const p1 = { x: r + out, y: y0 - 6 };
    const p2 = { x: r + out, y: y1 + 6 };
    const p3 = { x: r, y: y1 };
    const m = mid(p0, p1, p2, p3);
    return { d: `M${fmt(p0.x)},${fmt(p0.y)} C${fmt(p1.x)},${fmt(p1.y)} ${fmt(p2.x)},${fmt(p2.y)} ${fmt(p3.x)},${fmt(p3.y)}`, label: { x: m.x + 4, y: m.y + 4 }, anchor: 'start' };
  }
  const shift = lane * 22;
  if (t.y >= s.y + s.h - 1) {
    // Downwards: bottom of the source to the top of the target.
    const p0 = { x: s.x + s.w / 2 + shift / 2, y: s.y + s.h };
    const p3 = { x: t.x + t.w / 2 + shift / 2, y: t.y };
    const dy = Math.max(24, (p3.y - p0.y) / 2);
    const p1 = { x: p0.x, y: p0.y + dy };
    const p2 = { x: p3.x, y: p3.y - dy };
    const m = at(Math.abs(p3.x - p0.x) > 40 ? 0.72 : 0.5, p0, p1, p2, p3);
    return { d: `M${fmt(p0.x)},${fmt(p0.y)} C${fmt(p1.x)},${fmt(p1.y)} ${fmt(p2.x)},${fmt(p2.y)} ${fmt(p3.x)},${fmt(p3.y)}`, label: { x: m.x, y: m.y + 4 + lane * 14 }, anchor: 'middle' };
  }
  if (t.y + t.h <= s.y + 1) {
    // Upwards: out of the source's right side and into the target's right side.
    const p0 = { x: s.x + s.w, y: s.y + s.h / 2 + lane * 6 };
    const p3 = { x: t.x + t.w, y: t.y + t.h / 2 + lane * 6 };
    const out = Math.max(backX, p0.x + 30, p3.x + 30);
    const d = `M${fmt(p0.x)},${fmt(p0.y)} L${fmt(out - 12)},${fmt(p0.y)} Q${fmt(out)},${fmt(p0.y)} ${fmt(out)},${fmt(p0.y - 12)} L${fmt(out)},${fmt(p3.y + 12)} Q${fmt(out)},${fmt(p3.y)} ${fmt(out - 12)},${fmt(p3.y)} L${fmt(p3.x)},${fmt(p3.y)}`;
    return { d, label: { x: out + 5, y: (p0.y + p3.y) / 2 }, anchor: 'start' };
  }
  // Same row: side to side, bowed so that both directions stay apart.
  const rightwards = t.x >= s.x;
  const p0 = { x: rightwards ? s.x + s.w : s.x, y: s.y + s.h / 2 + (rightwards ? -6 : 6) };
  const p3 = { x: rightwards ? t.x : t.x + t.w, y: t.y + t.h / 2 + (rightwards ? -6 : 6) };
  const bow = (rightwards ? -1 : 1) * (18 + lane * 14);
  const p1 = { x: p0.x + (p3.x - p0.x) / 3, y: p0.y + bow };
  const p2 = { x: p0.x + (2 * (p3.x - p0.x)) / 3, y: p3.y + bow };
  const m = mid(p0, p1, p2, p3);
  return { d: `M${fmt(p0.x)},${fmt(p0.y)} C${fmt(p1.x)},${fmt(p1.y)} ${fmt(p2.x)},${fmt(p2.y)} ${fmt(p3.x)},${fmt(p3.y)}`, label: { x: m.x, y: m.y + (rightwards ? -4 : 12) }, anchor: 'middle' };
}

export type SvgOptions = {
  /** State node ids to highlight as active (the live view). */
  active?: readonly string[];
  /**
   * Embed the diagram's stylesheet (default). A page with a Content-Security-Policy refuses an
   * inline `<style>`; it renders without it and adopts DIAGRAM_STYLE through the CSSOM instead.
   */
  embedStyle?: boolean;
};

/** The class on every diagram's root element; the stylesheet's rules are scoped to it. */
export const DIAGRAM_CLASS = 'statechart';

const RULES = `
.state rect.box{fill:#fff;stroke:#3b4a5a;stroke-width:1.2}
.state.compound>rect.box{fill:#f6f8fa}
.state.root>rect.box{fill:#fbfcfd;stroke:#8a96a3}
.state.final rect.inner{fill:none;stroke:#3b4a5a;stroke-width:1}
.state.active>rect.box{fill:#fff3c4;stroke:#b7791f;stroke-width:2.5}
.state text.name{font:600 ${FONT}px system-ui,sans-serif;fill:#1f2933}
.state text.invoke{font:${SMALL}px system-ui,sans-serif;fill:#52606d}
.edge path{fill:none;stroke:#52606d;stroke-width:1.2}
.edge.always path{stroke-dasharray:4 3}
.edge text{font:${SMALL}px system-ui,sans-serif;fill:#1f2933;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
.initial circle{fill:#1f2933}
.initial path{stroke:#1f2933;stroke-width:1.2;fill:none}
`.trim();

/** The diagrams' stylesheet, every rule scoped to `svg.statechart`. */
export const DIAGRAM_STYLE = RULES.split('\n')
  .map((rule) => `svg.${DIAGRAM_CLASS} ${rule}`)
  .join('\n');

/**
 * Renders the graph as a standalone SVG document: states as nested boxes (double border for
 * final states), arrows labelled with event, delay or guard, descriptions as `<title>` tooltips.
 * Deterministic: the same machine always gives the same text.
 */
export function graphToSvg(graph: MachineGraph, options: SvgOptions = {}): string {
  const layout = layoutGraph(graph);
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const active = new Set(options.active ?? []);
  const out: string[] = [];
  // Labels of self-loops and back arrows may reach past the boxes: the canvas grows to hold them.
  let maxX = layout.width;
  let maxY = layout.height;
  const drawNode = (n: GraphNode) => {
    const b = layout.boxes.get(n.id)!;
    const classes = ['state', n.type, n.parentId === null ? 'root' : '', active.has(n.id) ? 'active' : ''].filter(Boolean).join(' ');
    out.push(`<g class="${classes}" data-state-id="${escapeXml(n.id)}"${active.has(n.id) ? ' data-active="true"' : ''}>`);
    const tip = [n.parentId === null ? graph.id : n.path.join('.'), n.description, n.tags.length ? `tags: ${n.tags.join(', ')}` : '']
      .filter(Boolean)
      .join('\n');
    out.push(`<title>${escapeXml(tip)}</title>`);
    out.push(`<rect class="box" x="${fmt(b.x)}" y="${fmt(b.y)}" width="${fmt(b.w)}" height="${fmt(b.h)}" rx="8"/>`);
    if (n.type === 'final') out.push(`<rect class="inner" x="${fmt(b.x + 3)}" y="${fmt(b.y + 3)}" width="${fmt(b.w - 6)}" height="${fmt(b.h - 6)}" rx="6"/>`);
    const leaf = n.childIds.length === 0;
    const nameY = leaf ? b.y + (n.invokes.length ? 22 : b.h / 2 + 4.5) : b.y + 18;
    const nameX = leaf ? b.x + b.w / 2 : b.x + 10;
    out.push(`<text class="name" x="${fmt(nameX)}" y="${fmt(nameY)}"${leaf ? ' text-anchor="middle"' : ''}>${escapeXml(nodeTitle(n, graph))}</text>`);
    n.invokes.forEach((src, i) =>
      out.push(`<text class="invoke" x="${fmt(nameX)}" y="${fmt(nameY + LINE_H * (i + 1))}"${leaf ? ' text-anchor="middle"' : ''}>invoke ${escapeXml(src)}</text>`),
    );
    if (n.initialId) {
      const c = layout.boxes.get(n.initialId)!;
      const cx = c.x + c.w / 2;
      out.push(`<g class="initial"><circle cx="${fmt(cx)}" cy="${fmt(c.y - 20)}" r="4.5"/><path d="M${fmt(cx)},${fmt(c.y - 15)} L${fmt(cx)},${fmt(c.y)}" marker-end="url(#${escapeXml(graph.id)}-arrow)"/></g>`);
    }
    out.push('</g>');
    n.childIds.forEach((id) => drawNode(nodes.get(id)!));
  };
  drawNode(nodes.get(graph.rootId)!);

  // One arrow per source and target; its label lists every transition between them.
  const groups = new Map<string, { sourceId: string; targetId: string; self: boolean; edges: GraphEdge[] }>();
  for (const e of graph.edges) {
    for (const targetId of e.targetIds.length ? e.targetIds : [e.sourceId]) {
      const self = targetId === e.sourceId || isAncestor(nodes, targetId, e.sourceId) || isAncestor(nodes, e.sourceId, targetId);
      const key = self ? `${e.sourceId}|self` : `${e.sourceId}>${targetId}`;
      const g = groups.get(key) ?? { sourceId: e.sourceId, targetId, self, edges: [] };
      g.edges.push(e);
      groups.set(key, g);
    }
  }
  const backLanes = new Map<string, number>();
  const commonParent = (a: string, b: string) => {
    let p = nodes.get(a)?.parentId ?? null;
    while (p && !isAncestor(nodes, p, b)) p = nodes.get(p)?.parentId ?? null;
    return p ?? graph.rootId;
  };
  for (const g of groups.values()) {
    const s = layout.boxes.get(g.sourceId)!;
    const t = layout.boxes.get(g.targetId)!;
    let backX = 0;
    if (!g.self && t.y + t.h <= s.y + 1) {
      const parentId = commonParent(g.sourceId, g.targetId);
      const pb = layout.boxes.get(parentId)!;
      const lane = backLanes.get(parentId) ?? 0;
      backLanes.set(parentId, lane + 1);
      backX = pb.x + pb.w - (layout.reserve.get(parentId) ?? 0) + 8 + lane * 24;
      // Labels of back arrows sit right of their lane: keep room for them.
    }
    const r = route(s, t, backX ? (backLanes.get(commonParent(g.sourceId, g.targetId)) ?? 1) - 1 : 0, g.self, backX);
    const kind = g.edges.every((e) => e.kind === 'always') ? 'always' : g.edges[0]!.kind;
    out.push(`<g class="edge ${kind}" data-source="${escapeXml(g.sourceId)}" data-target="${escapeXml(g.targetId)}">`);
    out.push(`<path d="${r.d}" marker-end="url(#${escapeXml(graph.id)}-arrow)"/>`);
    g.edges.forEach((e, i) => {
      const tip = [`${e.sourceId} → ${e.targetIds.join(', ') || '(stays)'}`, e.label, e.description, e.actions.length ? `actions: ${e.actions.join(', ')}` : '']
        .filter(Boolean)
        .join('\n');
      const dy = r.anchor === 'middle' && !g.self ? (i - (g.edges.length - 1) / 2) * 14 : i * 14;
      out.push(`<g class="label" data-edge-id="${escapeXml(e.id)}"><title>${escapeXml(tip)}</title>`);
      out.push(`<text x="${fmt(r.label.x)}" y="${fmt(r.label.y + dy)}" text-anchor="${r.anchor}">${escapeXml(e.label)}</text></g>`);
      const w = textWidth(e.label, SMALL_CHAR_W);
      maxX = Math.max(maxX, (r.anchor === 'start' ? r.label.x + w : r.anchor === 'middle' ? r.label.x + w / 2 : r.label.x) + 12);
      maxY = Math.max(maxY, r.label.y + dy + 12);
    });
    out.push('</g>');
  }
  const width = Math.ceil(maxX);
  const height = Math.ceil(maxY);
  out.unshift(
    `<svg xmlns="http://www.w3.org/2000/svg" class="${DIAGRAM_CLASS}" width="${fmt(width)}" height="${fmt(height)}" viewBox="0 0 ${fmt(width)} ${fmt(height)}" role="img" aria-labelledby="${escapeXml(graph.id)}-title">`,
    `<title id="${escapeXml(graph.id)}-title">${escapeXml(`Statechart of ${graph.id}${graph.description ? `: ${graph.description}` : ''}`)}</title>`,
    `<defs><marker id="${escapeXml(graph.id)}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#52606d"/></marker></defs>`,
    ...(options.embedStyle === false ? [] : [`<style>${DIAGRAM_STYLE}</style>`]),
  );

  out.push('</svg>');
  return out.join('\n') + '\n';
}
