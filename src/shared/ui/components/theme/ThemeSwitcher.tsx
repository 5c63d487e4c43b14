import { useId } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { isThemeChoice, type ThemeController } from '@/shared/ui/tokens/theme';
import { MonitorIcon, MoonIcon, SunIcon } from '@/shared/ui/components/icons';
import styles from './ThemeSwitcher.module.css';
import { useTheme } from './use-theme';

const OPTIONS = [
  { id: 'light', label: 'Light', Icon: SunIcon },
  { id: 'dark', label: 'Dark', Icon: MoonIcon },
  { id: 'system', label: 'System', Icon: MonitorIcon },
] as const;

/** Light, Dark or System (follows the operating system); remembered in this browser. */
export function ThemeSwitcher({ label = 'Theme', controller }: { label?: string; controller?: ThemeController }) {
  const { choice, setChoice } = useTheme(controller);
  const labelId = useId();
  return (
    <div className={styles.group}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[choice]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (isThemeChoice(next)) setChoice(next);
        }}
        className={styles.segments}
      >
        {OPTIONS.map(({ id, label: text, Icon }) => (
          <ToggleButton key={id} id={id} className={styles.segment}>
            <Icon size={14} />
            {text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
