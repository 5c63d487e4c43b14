import { describe, expect, it, vi } from 'vitest';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { z } from '@contracts/common/zod';
import { overdueCheckResponseSchema } from '@contracts/overdue';
import { ticketSearchResponseSchema } from '@contracts/tickets';
import { AnswerMismatchError, zodSerializerCompiler } from '@server/platform/http/endpoints';

/** The serialiser the app gives a route answering with this schema. */
const serializerOf = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' } as unknown as FastifyRouteSchemaDef<z.ZodType>);

const overdueRow = (i: number) => ({
  id: i,
  title: `Printer "jam" on floor ${i} \u2028`,
  status: 'Open',
  severity: 'High',
  company_name: i % 2 ? null : 'Acme',
  contact: 'Ann Lee',
  contact_email: null,
  queue: 'Support',
  created_at: '2026-11-01T10:00:00.000Z',
  duedate: '2026-11-02T10:00:00.000Z',
  extra: 'left out',
});

describe('answers of plain shapes are written by a precompiled writer', () => {
  it('writes the overdue list without checking each row through zod, exactly as zod would', () => {
    const answer = { overdueTickets: Array.from({ length: 500 }, (_, i) => overdueRow(i)) };
    const expected = JSON.stringify(overdueCheckResponseSchema.encode(answer));
    const encode = vi.spyOn(overdueCheckResponseSchema, 'safeEncode');
    try {
      expect(serializerOf(overdueCheckResponseSchema)(answer)).toBe(expected);
      expect(encode).not.toHaveBeenCalled();
    } finally {
      encode.mockRestore();
    }
  });

  it('writes a page of the ticket search without zod, exactly as zod would', () => {
    const row = (i: number) => ({
      id: i, title: `T${i}`, status: 'Open', severity: 'Low', company_id: i % 3 ? i : null, company_name: i % 3 ? 'Acme' : null,
      queue: 'Support', assignee_id: null, assignee_name: null, duedate: i % 2 ? null : '2026-11-02T10:00:00.000Z',
      created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T11:00:00.000Z', overdue: i % 2 === 0,
    });
    const answer = { rows: Array.from({ length: 50 }, (_, i) => row(i)), page: 1, size: 50, total: 10000, totalExact: false };
    const expected = JSON.stringify(ticketSearchResponseSchema.encode(answer));
    const encode = vi.spyOn(ticketSearchResponseSchema, 'safeEncode');
    try {
      expect(serializerOf(ticketSearchResponseSchema)(answer)).toBe(expected);
      expect(encode).not.toHaveBeenCalled();
    } finally {
      encode.mockRestore();
    }
  });

  it('still refuses an answer that does not match, naming the field', () => {
    const bad = { overdueTickets: [{ ...overdueRow(1), id: 'one' }] };
    expect(() => serializerOf(overdueCheckResponseSchema)(bad)).toThrow(AnswerMismatchError);
    expect(() => serializerOf(overdueCheckResponseSchema)(bad)).toThrow(/overdueTickets\.0\.id/);
    const missing: Record<string, unknown> = { ...overdueRow(2) };
    delete missing.duedate;
    expect(() => serializerOf(overdueCheckResponseSchema)({ overdueTickets: [missing] })).toThrow(/duedate/);
  });

  it('leaves out optional fields that are absent and refuses checked leaves that fail their check', () => {
    const schema = z.object({ n: z.number().int(), tag: z.string().optional(), kind: z.enum(['a', 'b']), on: z.boolean() });
    const write = serializerOf(schema);
    const encode = vi.spyOn(schema, 'safeEncode');
    expect(write({ n: 1, kind: 'a', on: false })).toBe('{"n":1,"kind":"a","on":false}');
    expect(encode).not.toHaveBeenCalled();
    expect(() => write({ n: 1.5, kind: 'a', on: false })).toThrow(AnswerMismatchError);
    expect(() => write({ n: 1, kind: 'c', on: false })).toThrow(AnswerMismatchError);
    encode.mockRestore();
  });

  it('serialises a shape it cannot precompile (a union) through zod, as before', () => {
    const schema = z.object({ v: z.union([z.string(), z.number()]) });
    const encode = vi.spyOn(schema, 'safeEncode');
    expect(serializerOf(schema)({ v: 3, x: 1 })).toBe('{"v":3}');
    expect(encode).toHaveBeenCalledOnce();
    encode.mockRestore();
  });
});
