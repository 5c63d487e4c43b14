/**
 * Applies the theme before the first render: main.tsx imports this module first, so data-theme is
 * on <html> before React paints (the CSP forbids an inline script in index.html).
 */
import { theme } from './theme';

theme();
