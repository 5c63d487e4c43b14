/**
 * The keyboard shortcuts of the staff side: the one list the "?" overlay shows and the key
 * handler follows. Keys are never taken while the user types in a field.
 */
export type ShortcutId = 'search' | 'help' | 'newTicket' | 'goTickets' | 'nextRow' | 'previousRow' | 'openRow' | 'assignToMe' | 'changeStatus';

export type Shortcut = {
  id: ShortcutId;
  /** Each way to press it; a way is a sequence of keys pressed one after the other ("g", "t"). */
  keys: readonly (readonly string[])[];
  description: string;
  /** Where it works. */
  where: 'Anywhere' | 'Lists' | 'On a ticket';
  /** Where a go-to shortcut leads. */
  href?: string;
};

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'search', keys: [['Ctrl', 'K'], ['/']], description: 'Search everything', where: 'Anywhere' },
  { id: 'help', keys: [['?']], description: 'Show these shortcuts', where: 'Anywhere' },
  { id: 'newTicket', keys: [['c']], description: 'Create a ticket', where: 'Anywhere', href: '/create/ticket' },
  { id: 'goTickets', keys: [['g', 't']], description: 'Go to the ticket search', where: 'Anywhere', href: '/ticket/search' },
  { id: 'nextRow', keys: [['j'], ['↓']], description: 'Next row', where: 'Lists' },
  { id: 'previousRow', keys: [['k'], ['↑']], description: 'Previous row', where: 'Lists' },
  { id: 'openRow', keys: [['Enter'], ['o']], description: 'Open the row', where: 'Lists' },
  { id: 'assignToMe', keys: [['a']], description: 'Assign the ticket to me', where: 'On a ticket' },
  { id: 'changeStatus', keys: [['s']], description: 'Change the status', where: 'On a ticket' },
];

/** How long the second key of a sequence ("g" then "t") may wait. */
export const SEQUENCE_TIMEOUT_MS = 1000;

export const shortcut = (id: ShortcutId): Shortcut => SHORTCUTS.find((s) => s.id === id)!;

/** A key press as the handler sees it. */
export type KeyPress = { key: string; ctrl: boolean; meta: boolean; alt: boolean };

/** The shortcut of one screen (`where`) a single plain key press stands for, if any. */
export function screenShortcutOf(where: Shortcut['where'], press: KeyPress): ShortcutId | null {
  if (press.ctrl || press.meta || press.alt) return null;
  return SHORTCUTS.find((s) => s.where === where && s.keys.some((way) => way.length === 1 && way[0] === press.key))?.id ?? null;
}

/** Whether an element takes typing (a shortcut must not fire there). */
export function takesTyping(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes((el as HTMLInputElement).type);
  return (el as HTMLElement).isContentEditable === true || el.getAttribute('role') === 'textbox' || el.getAttribute('role') === 'combobox';
}
