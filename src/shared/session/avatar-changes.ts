/**
 * A person's avatar changed in this tab (set or removed on their profile): the staff session hears
 * it and the header shows the new picture at once, as a saved profile's zone and theme apply at once.
 */
type Listener = (version: number | null) => void;
const listeners = new Set<Listener>();

/** Said by whoever changed the signed-in person's avatar: its new version, or null when removed. */
export function announceAvatar(version: number | null): void {
  for (const listener of listeners) listener(version);
}

/** Hears every change until the answered function is called. */
export function onAvatarChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
