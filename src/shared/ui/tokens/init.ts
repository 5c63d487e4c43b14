/**
 * Runs before the first render: main.tsx imports this module first (the CSP forbids an inline
 * script in index.html).
 * - Applies the theme, so data-theme is on <html> before React paints.
 * - Marks react-aria's pressable style as present: react-aria would otherwise inject a <style>
 *   element, which the CSP (`default-src 'self'`) refuses with a console error; tokens.css carries
 *   the same rule (touch-action on [data-react-aria-pressable]).
 */
import { theme } from './theme';

/** The id react-aria's usePress looks for before it injects its own <style>. */
export const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

theme();

if (typeof document !== 'undefined' && document.head && !document.getElementById(PRESSABLE_STYLE_ID)) {
  const marker = document.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  marker.name = 'react-aria-pressable-style';
  marker.content = 'in tokens.css';
  document.head.append(marker);
}
