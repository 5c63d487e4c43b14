/**
 * The machine registry's entry type, and where the app's registry (src/app/machine-registry.ts,
 * assembled from the features) is handed to the screens that show it. The registry module loads
 * on demand, so the machines it lists stay out of the first screens' code: the app says how to
 * load it (`registryLoader`), a screen that shows it loads it first (`loadMachineRegistry`), and
 * the registry module hands itself over when it is evaluated (`provideMachineRegistry`).
 */
import type { AnyStateMachine } from 'xstate';

export type RegisteredMachine = {
  /** File name of the diagram in docs/machines and the key of the path-test coverage. */
  id: string;
  machine: AnyStateMachine;
  description: string;
};

let entries: readonly RegisteredMachine[] | null = null;
let loader: (() => Promise<unknown>) | null = null;

/** Called by the registry module itself. */
export function provideMachineRegistry(list: readonly RegisteredMachine[]): void {
  entries = list;
}

/** Called by the app: how to load the registry module. */
export function registryLoader(load: () => Promise<unknown>): void {
  loader = load;
}

/** Loads the registry (once) before a screen that shows it renders. */
export async function loadMachineRegistry(): Promise<readonly RegisteredMachine[]> {
  if (!entries && loader) await loader();
  return machineRegistryEntries();
}

/** The registry, once loaded. */
export function machineRegistryEntries(): readonly RegisteredMachine[] {
  if (!entries) throw new Error('The machine registry is not loaded (loadMachineRegistry)');
  return entries;
}
