import { useSyncExternalStore } from 'react';
import { theme as pageTheme, type ThemeController, type ThemeState } from '@/shared/ui/tokens/theme';

/**
 * The theme choice and the theme shown, re-rendering when either changes. A module of its own, so
 * a screen that only reads or sets the theme (the header's account menu) does not load the switcher.
 */
export function useTheme(controller: ThemeController = pageTheme()): ThemeState & { setChoice: ThemeController['setChoice'] } {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return { ...state, setChoice: controller.setChoice };
}
