import { useState } from 'react';
import { cx } from '@/shared/ui/components/cx';
import styles from './Avatar.module.css';

/** "Avery Agent" → "AA"; "cher" → "C"; empty → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s._@-]+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The same name always gets the same of five colours. */
export function colourIndexOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (hash % 5) + 1;
}

export type AvatarProps = {
  /** The person's name: gives the initials, the colour and (unless decorative) the accessible name. */
  name: string;
  /** Overrides the computed initials (e.g. the server's). */
  initials?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hidden from screen readers when the name is written next to it. */
  decorative?: boolean;
  className?: string;
  /** The person's picture (an object URL); the initials show while it loads, without it, or when it fails to load. */
  src?: string | null;
  /** What the colour is derived from (the person's id); the name when absent. */
  colourKey?: string | number;
};

/** A circle with a person's picture, or their initials. */
export function Avatar({ name, initials, size = 'md', decorative = false, className, src, colourKey }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = cx(styles.avatar, styles[size], styles[`c${colourIndexOf(String(colourKey ?? name))}` as 'c1'], className);
  const text = initials ?? initialsOf(name);
  const picture = src && failed !== src ? <img className={styles.image} src={src} alt="" onError={() => setFailed(src)} /> : null;
  if (decorative)
    return (
      <span className={classes} aria-hidden="true">
        {text}
        {picture}
      </span>
    );
  return (
    <span className={classes} role="img" aria-label={name} title={name}>
      <span aria-hidden="true">{text}</span>
      {picture}
    </span>
  );
}
