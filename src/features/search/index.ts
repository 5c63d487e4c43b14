/** Search everything: the staff palette (Ctrl+K, "/"). The only file other code imports. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { searchPaletteMachine } from './machines/search-palette.machine';

/** The palette: the layout loads this module when the palette first opens, never with the layout or the sign-in screen. */
export { default as SearchPalette } from './screens/SearchPalette';

export const machines: RegisteredMachine[] = [
  { id: 'search-palette', machine: searchPaletteMachine, description: 'Search everything: debounced query, grouped hits, the highlighted row, Enter opens it.' },
];
