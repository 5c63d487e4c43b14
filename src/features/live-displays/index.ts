/** Live displays: the machine of the five wall boards, for the registry (the app reads the routes from routes.ts, lazily loaded screens only). */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { liveConnectionMachine } from './machines/live-connection.machine';

export const machines: RegisteredMachine[] = [
  { id: 'live-connection', machine: liveConnectionMachine, description: 'A live board’s connection: connecting, live, stale with its last data while reconnecting with growing waits, refused; reloads on a new server build and once a day.' },
];
