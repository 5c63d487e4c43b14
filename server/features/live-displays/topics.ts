/**
 * The live boards' topics on the one event bus. `live.changed` is published by the change-log
 * triggers of migration 0040 (in SQL, in the writing transaction); `live.display-revoked` by the
 * revoke command, so every app server closes that display's streams.
 */
import { z } from '@contracts/common/zod';
import { defineTopic } from '@server/platform/events';

export const liveChanged = defineTopic('live.changed', z.object({ id: z.number().int(), topic: z.string() }));
export const displayRevoked = defineTopic('live.display-revoked', z.object({ displayId: z.number().int() }));
