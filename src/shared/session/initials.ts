import { UNKNOWN_INITIALS } from '@contracts/common/constants';

/**
 * Spec section 7: the first letters of the first two words of the name (one word: its first
 * letter); no name gives 'UN'.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return UNKNOWN_INITIALS;
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}
