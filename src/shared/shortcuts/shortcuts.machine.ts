import { emit, setup } from 'xstate';
import { SEQUENCE_TIMEOUT_MS, shortcut, type KeyPress } from './registry';

export type ShortcutsEvent =
  | ({ type: 'key.pressed' } & KeyPress)
  | { type: 'palette.open' }
  | { type: 'help.open' }
  | { type: 'overlay.close' };

/** What the layout does for a shortcut: go to a page, or move through the rows of the list shown. */
export type ShortcutsEmitted = { type: 'shortcut.navigate'; href: string } | { type: 'shortcut.row'; step: 1 | -1 };

const plain = (e: KeyPress) => !e.ctrl && !e.meta && !e.alt;
const is = (key: string) => ({ event }: { event: ShortcutsEvent }) => event.type === 'key.pressed' && plain(event) && event.key === key;

/**
 * The staff side's keyboard shortcuts (the list: SHORTCUTS in ./registry). The layout sends every
 * key pressed outside a text field; this machine opens the search palette (Ctrl+K, "/") or the
 * shortcut overlay ("?"), goes to pages ("c", "g" then "t") and moves through list rows (j, k).
 * While the palette or the overlay is open, keys belong to it.
 */
export const shortcutsMachine = setup({
  types: { events: {} as ShortcutsEvent, emitted: {} as ShortcutsEmitted },
  delays: { SEQUENCE_TIMEOUT: SEQUENCE_TIMEOUT_MS },
  guards: {
    isPalette: ({ event }) =>
      event.type === 'key.pressed' && ((plain(event) && event.key === '/') || ((event.ctrl || event.meta) && !event.alt && event.key.toLowerCase() === 'k')),
    isHelp: is('?'),
    isNewTicket: is('c'),
    isGo: is('g'),
    isT: is('t'),
    isNext: is('j'),
    isPrevious: is('k'),
  },
  actions: {
    goNewTicket: emit({ type: 'shortcut.navigate', href: shortcut('newTicket').href! }),
    goTickets: emit({ type: 'shortcut.navigate', href: shortcut('goTickets').href! }),
    nextRow: emit({ type: 'shortcut.row', step: 1 }),
    previousRow: emit({ type: 'shortcut.row', step: -1 }),
  },
}).createMachine({
  id: 'shortcuts',
  description: 'Keyboard shortcuts of the staff side: the search palette, the shortcut overlay, go-to keys and list rows.',
  initial: 'listening',
  states: {
    listening: {
      description: 'Keys pressed outside a text field are shortcuts.',
      initial: 'ready',
      on: {
        'palette.open': { target: 'palette', description: 'The header\'s search button.' },
        'help.open': { target: 'help', description: 'The overlay asked for from a menu or a button.' },
      },
      states: {
        ready: {
          description: 'Waiting for a shortcut.',
          on: {
            'key.pressed': [
              { guard: 'isPalette', target: '#shortcuts.palette', description: 'Ctrl+K (⌘K) or "/": search everything.' },
              { guard: 'isHelp', target: '#shortcuts.help', description: '"?": the list of shortcuts.' },
              { guard: 'isNewTicket', actions: 'goNewTicket', description: '"c": create a ticket.' },
              { guard: 'isGo', target: 'afterG', description: '"g" starts a go-to sequence.' },
              { guard: 'isNext', actions: 'nextRow', description: '"j": the next row of the list shown.' },
              { guard: 'isPrevious', actions: 'previousRow', description: '"k": the previous row of the list shown.' },
            ],
          },
        },
        afterG: {
          description: '"g" was pressed: the next key says where to go.',
          after: { SEQUENCE_TIMEOUT: { target: 'ready', description: 'No second key in time: nothing happens.' } },
          on: {
            'key.pressed': [
              { guard: 'isT', target: 'ready', actions: 'goTickets', description: '"g t": the ticket search.' },
              { target: 'ready', description: 'Any other key ends the sequence.' },
            ],
          },
        },
      },
    },
    palette: {
      description: 'The search palette is open and has the keyboard.',
      on: { 'overlay.close': { target: 'listening', description: 'Esc, a chosen hit, or a click outside.' } },
    },
    help: {
      description: 'The shortcut overlay is open.',
      on: {
        'overlay.close': { target: 'listening', description: 'Esc or the close button.' },
        'palette.open': { target: 'palette', description: 'From the overlay straight to the search.' },
      },
    },
  },
});

