/** The displays' loads and forms: the TV's own display, its pairing, and the admin's list, create and revoke. */
import type { EndpointResult } from '@contracts/common/endpoint';
import { createDisplaySchema, LIVE_API, type CreateDisplayInput, type DisplaySelf } from '@contracts/live-displays';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { displaysApi } from '../api';

/** The display this TV is (by its cookie): a 401 means it is not paired (or was revoked). */
export const displaySelfMachine = createQueryMachine('liveDisplaySelf', (_: null): Promise<DisplaySelf> => displaysApi.self());
/** Pairing: the link's token exchanged once for the display's cookie. */
export const displayPairMachine = createQueryMachine('liveDisplayPair', (token: string): Promise<DisplaySelf> => displaysApi.pair(token));
export const displayListMachine = createQueryMachine('liveDisplays', (_: null): Promise<EndpointResult<typeof LIVE_API.list>> => displaysApi.list());
export const createDisplayMachine = createSubmitMachine<CreateDisplayInput, EndpointResult<typeof LIVE_API.create>>('liveDisplayCreate', (input) => displaysApi.create(input), { schema: createDisplaySchema });
export const revokeDisplayMachine = createSubmitMachine<number, EndpointResult<typeof LIVE_API.revoke>>('liveDisplayRevoke', (id) => displaysApi.revoke(id));
