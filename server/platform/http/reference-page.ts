/**
 * The readable API reference: the OpenAPI document rendered as one HTML page, grouped by feature,
 * each endpoint with who may call it, its parameters, its body and its answer. Every text from the
 * document is escaped; the page has no script.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  default?: unknown;
  pattern?: string;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Nesting deeper than this is shown as "…" (recursive schemas, very deep answers). */
const MAX_DEPTH = 6;

const anchorOf = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (doc.components?.schemas?.[name] ?? schema) : schema;
}

/** A schema's type in a few words: "string (date-time)", "array of object", "one of: A, WOP". */
function typeOf(doc: OpenApiDocument, raw: JsonSchema): string {
  const s = resolve(doc, raw);
  if (s.const !== undefined) return `exactly ${JSON.stringify(s.const)}`;
  if (s.enum) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return variants.map((v) => typeOf(doc, v)).join(' or ');
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  if (type === 'array' && s.items) return `array of ${typeOf(doc, s.items)}`;
  const limits = [
    s.format,
    s.minimum !== undefined ? `≥ ${s.minimum}` : null,
    s.maximum !== undefined ? `≤ ${s.maximum}` : null,
    s.minLength ? `at least ${s.minLength} characters` : null,
    s.maxLength !== undefined ? `at most ${s.maxLength} characters` : null,
    s.maxItems !== undefined ? `at most ${s.maxItems} items` : null,
  ].filter(Boolean);
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

/** The object inside a schema whose fields are listed (an object, an array of objects, or one variant). */
function objectOf(doc: OpenApiDocument, raw: JsonSchema): JsonSchema | null {
  const s = resolve(doc, raw);
  if (s.properties) return s;
  if (s.items) return objectOf(doc, s.items);
  for (const v of s.anyOf ?? s.oneOf ?? s.allOf ?? []) {
    const o = objectOf(doc, v);
    if (o) return o;
  }
  return null;
}

function fields(doc: OpenApiDocument, raw: JsonSchema, depth = 0): string {
  const s = objectOf(doc, raw);
  if (!s?.properties) return '';
  if (depth >= MAX_DEPTH) return '<p class="more">…</p>';
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties).map(([name, p]) => {
    const inner = fields(doc, p, depth + 1);
    const note = [required.has(name) ? 'required' : 'optional', p.description].filter(Boolean).join('; ');
    return `<li><code class="name">${esc(name)}</code> <span class="type">${esc(typeOf(doc, p))}</span> <span class="note">${esc(note)}</span>${inner}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

function schemaBlock(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  if (!schema) return '<p>No content.</p>';
  const list = fields(doc, schema);
  return `<p class="type">${esc(typeOf(doc, schema))}</p>${list}`;
}

function whoMayCall(op: Operation): string {
  if (!op.security?.length) return 'Anyone (no sign-in)';
  return op.description ? op.description : 'A signed-in user';
}

function operation(doc: OpenApiDocument, method: string, path: string, op: Operation): string {
  const params = op.parameters ?? [];
  const paramRows = params
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.schema ? typeOf(doc, p.schema) : 'any')}</td></tr>`)
    .join('');
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content) : [];
  const responses = Object.entries(op.responses ?? {});
  return `<section class="op" id="${esc(anchorOf(method, path))}" aria-labelledby="${esc(anchorOf(method, path))}-h">
  <h3 id="${esc(anchorOf(method, path))}-h"><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
  <p>${esc(op.summary ?? '')}</p>
  <p class="who"><strong>Who:</strong> ${esc(whoMayCall(op))}</p>
  ${
    params.length
      ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>${paramRows}</tbody></table>`
      : ''
  }
  ${body.map(([type, c]) => `<h4>Body (${esc(type)})</h4>${schemaBlock(doc, c.schema)}`).join('')}
  ${responses
    .map(([status, r]) => {
      const content = Object.entries(r.content ?? {});
      if (!content.length) return `<h4>Answer ${esc(status)}</h4><p>${esc(r.description ?? 'No content.')}</p>`;
      return content.map(([type, c]) => `<h4>Answer ${esc(status)} (${esc(type)})</h4>${c.schema?.format === 'binary' ? '<p>A file.</p>' : schemaBlock(doc, c.schema)}`).join('');
    })
    .join('')}
</section>`;
}

/** The whole reference page. */
export function referencePage(doc: OpenApiDocument, stylesheet: string): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path: path.replace(/\{(\w+)\}/g, ':$1'), op });
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const count = [...byTag.values()].reduce((n, ops) => n + ops.length, 0);
  const toc = tags
    .map((t) => `<li><a href="#tag-${esc(anchorOf('tag', t))}">${esc(t)}</a> <span class="note">(${byTag.get(t)!.length})</span></li>`)
    .join('');
  const sections = tags
    .map(
      (t) =>
        `<section class="tag" aria-labelledby="tag-${esc(anchorOf('tag', t))}"><h2 id="tag-${esc(anchorOf('tag', t))}">${esc(t)}</h2>${byTag
          .get(t)!
          .map((o) => operation(doc, o.method, o.path, o.op))
          .join('')}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<link rel="stylesheet" href="${esc(stylesheet)}">
</head>
<body>
<header><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p>
<p>${count} endpoints. The same description as JSON (OpenAPI ${esc(doc.openapi)}): <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<p>Every error answers <code>{ "error": { "code", "message", "fields"? } }</code> with its HTTP status; a 503 carries <code>Retry-After</code>.</p>
</header>
<nav aria-label="Features"><h2>Features</h2><ul>${toc}</ul></nav>
<main>${sections}</main>
</body>
</html>`;
}

export const REFERENCE_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #fff; --code: #f3f4f6; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9da7b1; --line: #30363d; --bg: #0d1117; --code: #161b22; } }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
code { font: 0.92em ui-monospace, monospace; background: var(--code); padding: 0 0.25em; border-radius: 3px; overflow-wrap: anywhere; }
nav ul { columns: 14rem; padding-left: 1.2rem; }
a { color: inherit; }
.tag > h2 { border-bottom: 2px solid var(--line); padding-bottom: 0.25rem; margin-top: 2.5rem; }
.op { border: 1px solid var(--line); border-radius: 6px; padding: 0.25rem 1rem 0.75rem; margin: 1rem 0; }
.op h3 { font-size: 1rem; }
.op h4 { margin: 0.75rem 0 0.25rem; font-size: 0.95rem; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; font: 600 0.8rem ui-monospace, monospace; border: 1px solid currentColor; border-radius: 4px; padding: 0.05rem 0.3rem; }
.note, .who, .type { color: var(--muted); }
.fields { list-style: none; padding-left: 1rem; border-left: 2px solid var(--line); margin: 0.25rem 0; }
.fields li { margin: 0.15rem 0; }
.name { font-weight: 600; }
table { border-collapse: collapse; margin: 0.5rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: left; }
`;
