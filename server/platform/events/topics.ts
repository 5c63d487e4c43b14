/**
 * Topics of the event bus: a name and the zod schema of its payload. A payload names what
 * changed (ids, a version), never the rows: NOTIFY carries less than 8000 bytes, and a
 * subscriber reads the current state itself.
 */
import type { z } from 'zod';

/** The one NOTIFY channel of the product; the topic travels inside the payload. */
export const EVENT_CHANNEL = 'client_care_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7999;
const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export type Topic<S extends z.ZodType = z.ZodType> = { readonly name: string; readonly schema: S };

const registry = new Map<string, Topic>();

/**
 * Declares a topic, e.g. `defineTopic('tickets.changed', z.object({ ticketId: z.number().int() }))`.
 * Names are unique in the process: two features cannot publish different shapes under one name.
 */
export function defineTopic<S extends z.ZodType>(name: string, schema: S): Topic<S> {
  if (!NAME.test(name)) throw new Error(`Topic name "${name}" must look like "feature.event" (lower case, dots, hyphens)`);
  if (registry.has(name)) throw new Error(`Topic ${name} is defined twice`);
  const topic = { name, schema };
  registry.set(name, topic);
  return topic;
}

/** The topic of a name, if this process defined it. */
export function topicNamed(name: string): Topic | undefined {
  return registry.get(name);
}

export class EventTooLargeError extends Error {
  constructor(topic: string, bytes: number) {
    super(`Event ${topic} is ${bytes} bytes; NOTIFY takes at most ${NOTIFY_MAX_BYTES}. Send ids, not rows.`);
  }
}

/**
 * The NOTIFY payload of an event: `{"topic":…,"payload":…,"at":…}`, size-checked; `at` (ms since
 * the epoch, when it was published) lets each receiver measure the bus's lag.
 */
export function encodeEvent<S extends z.ZodType>(topic: Topic<S>, payload: z.input<S>, at = Date.now()): string {
  const data = topic.schema.parse(payload);
  const text = JSON.stringify({ topic: topic.name, payload: data, at });
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > NOTIFY_MAX_BYTES) throw new EventTooLargeError(topic.name, bytes);
  return text;
}
