/**
 * A precompiled writer for answers of plain shapes (docs/adr/0151-precompiled-answer-writer.md):
 * objects, arrays, strings, numbers, booleans, enums, literals, nullable and optional parts. It
 * checks each value as it writes it and gives up (answers undefined) at the first one that does
 * not fit, so the caller serialises through the zod schema instead, which names the mismatch.
 * A schema with anything else (a codec, a transform, a default, a catchall) gets no writer.
 */
import { z } from '@contracts/common/zod';

/** Writes a value as JSON, or answers undefined when it does not fit the schema. */
type Writer = (value: unknown) => string | undefined;

/** Marks a part that may be left out of its object. */
const OPTIONAL = Symbol('optional');
type Compiled = Writer & { [OPTIONAL]?: true };

/** Characters a JSON string cannot hold as they are (quotes, backslashes, controls, lone surrogate halves). */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON: most need no escaping and are only quoted. */
const quoted = (v: string): string => (NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : `"${v}"`);

/** A leaf's writer; a leaf with checks (lengths, formats, int) is checked by its own schema too. */
function checkedLeaf(schema: z.ZodType, plain: (v: unknown) => boolean, write: (v: never) => string): Writer {
  const checks = (schema._zod.def as { checks?: unknown[] }).checks;
  if (!checks?.length) return (v) => (plain(v) ? write(v as never) : undefined);
  return (v) => (plain(v) && schema.safeParse(v).success ? write(v as never) : undefined);
}

function compile(schema: z.ZodType): Compiled | null {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
      return checkedLeaf(schema, (v) => typeof v === 'string', quoted);
    case 'number':
      return checkedLeaf(schema, (v) => typeof v === 'number' && Number.isFinite(v), String);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? (v ? 'true' : 'false') : undefined);
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (v) => (values.has(v) ? JSON.stringify(v) : undefined);
    }
    case 'literal': {
      const values = new Set(def.values as unknown[]);
      return (v) => (values.has(v) ? JSON.stringify(v) : undefined);
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      if (!inner) return null;
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      if (!inner) return null;
      const w: Compiled = (v) => (v === undefined ? undefined : inner(v));
      w[OPTIONAL] = true;
      return w;
    }
    case 'array': {
      if ((def.checks as unknown[] | undefined)?.length) return null;
      const element = compile(def.element as z.ZodType);
      if (!element || element[OPTIONAL]) return null;
      return (v) => {
        if (!Array.isArray(v)) return undefined;
        const parts = new Array<string>(v.length);
        for (let i = 0; i < v.length; i++) {
          const part = element(v[i]);
          if (part === undefined) return undefined;
          parts[i] = part;
        }
        return `[${parts.join(',')}]`;
      };
    }
    case 'object': {
      if (def.catchall !== undefined || (def.checks as unknown[] | undefined)?.length) return null;
      const fields: { key: string; prefix: string; write: Compiled; optional: boolean }[] = [];
      for (const [key, part] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const write = compile(part);
        if (!write) return null;
        fields.push({ key, prefix: `${JSON.stringify(key)}:`, write, optional: write[OPTIONAL] === true });
      }
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
        const record = v as Record<string, unknown>;
        let out = '';
        for (const field of fields) {
          const value = record[field.key];
          if (value === undefined && field.optional) continue;
          const part = field.write(value);
          if (part === undefined) return undefined;
          out += (out ? ',' : '') + field.prefix + part;
        }
        return `{${out}}`;
      };
    }
    default:
      return null;
  }
}

/** The writer of a response schema, or null when its shape is not a plain one. */
export function answerWriter(schema: z.ZodType): Writer | null {
  const writer = compile(schema);
  return writer && !writer[OPTIONAL] ? writer : null;
}
