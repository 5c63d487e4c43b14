/**
 * Idempotent creates: a client that sends the same `Idempotency-Key` again (a retry after a
 * timeout, a dropped connection or a 503) gets the answer of the first request instead of a
 * second record. A replayed answer says so in its own header.
 */

/** The request header carrying the client's key for one create. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer header present (value `true`) when the answer is the stored one of an earlier request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is 1 to this many printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** What a valid key looks like. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
