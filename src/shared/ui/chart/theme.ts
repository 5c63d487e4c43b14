/**
 * The chart's colours follow the page's theme: the palette comes from CSS custom properties
 * (`--chart-1` … `--chart-8`, `--chart-text`, …; see CHART_PALETTE_PROPERTIES), read where the
 * chart sits, with the light or dark built-in palette for any the page does not define. The theme
 * is the `data-theme` attribute on <html> when it says light or dark, else the system preference.
 */
import { DARK_CHART_PALETTE, LIGHT_CHART_PALETTE, paletteFromProperties, type ChartPalette } from '@contracts/charts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const media = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

export function resolvedTheme(): 'light' | 'dark' {
  const attribute = document.documentElement.getAttribute('data-theme');
  if (attribute === 'light' || attribute === 'dark') return attribute;
  return media(DARK_QUERY)?.matches ? 'dark' : 'light';
}

export function prefersReducedMotion(): boolean {
  return media(REDUCED_MOTION_QUERY)?.matches ?? false;
}

export function readChartPalette(element: Element): ChartPalette {
  const style = getComputedStyle(element);
  const root = element === document.documentElement ? style : getComputedStyle(document.documentElement);
  return paletteFromProperties(
    (property) => style.getPropertyValue(property) || root.getPropertyValue(property),
    resolvedTheme() === 'dark' ? DARK_CHART_PALETTE : LIGHT_CHART_PALETTE,
  );
}

/**
 * Calls `onChange` when the theme may have changed: <html>'s data-theme, class or style
 * attribute, the system colour scheme, or the reduced-motion preference. Returns the stop function.
 */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  const queries = [media(DARK_QUERY), media(REDUCED_MOTION_QUERY)].filter((q): q is MediaQueryList => !!q);
  for (const q of queries) q.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    for (const q of queries) q.removeEventListener('change', onChange);
  };
}
