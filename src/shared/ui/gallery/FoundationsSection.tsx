import { Group, galleryStyles as styles, Section } from './parts';

const COLOURS: { group: string; tokens: string[] }[] = [
  { group: 'Surfaces', tokens: ['bg', 'surface-1', 'surface-2', 'surface-3', 'surface-overlay'] },
  { group: 'Text', tokens: ['text', 'text-secondary', 'text-muted', 'text-disabled', 'text-link'] },
  { group: 'Brand and lines', tokens: ['brand', 'brand-hover', 'brand-subtle', 'border', 'border-strong', 'border-control', 'focus-ring'] },
  {
    group: 'Status tones',
    tokens: ['danger', 'danger-solid', 'danger-subtle', 'warning', 'warning-subtle', 'success', 'success-solid', 'success-subtle', 'info', 'info-subtle'],
  },
  { group: 'Neutral scale', tokens: ['neutral-0', 'neutral-50', 'neutral-100', 'neutral-200', 'neutral-300', 'neutral-400', 'neutral-500', 'neutral-600', 'neutral-700', 'neutral-800', 'neutral-900'] },
];

const TYPE = [
  ['3xl · 28', '--cc-font-size-3xl', 'semibold'],
  ['2xl · 22', '--cc-font-size-2xl', 'semibold'],
  ['xl · 18', '--cc-font-size-xl', 'semibold'],
  ['lg · 16', '--cc-font-size-lg', 'semibold'],
  ['md · 14 (base)', '--cc-font-size-md', 'regular'],
  ['sm · 13', '--cc-font-size-sm', 'regular'],
  ['xs · 12', '--cc-font-size-xs', 'regular'],
] as const;

const SPACES = ['1', '2', '3', '4', '5', '6', '8', '10', '12'];
const RADII = ['sm', 'md', 'lg', 'xl', 'full'];
const SHADOWS = ['xs', 'sm', 'md', 'lg'];

export function FoundationsSection() {
  return (
    <Section
      id="foundations"
      title="Foundations"
      text="Tokens in src/shared/ui/tokens/tokens.css. Every colour below changes with the theme; text colours keep at least 4.5:1 on every surface."
    >
      {COLOURS.map(({ group, tokens }) => (
        <Group key={group} title={group} layout="stack">
          <div className={styles.swatches}>
            {tokens.map((t) => (
              <div key={t} className={styles.swatch}>
                <span className={styles.chip} style={{ background: `var(--cc-${t})` }} aria-hidden="true" />
                <span className={styles.swatchName}>--cc-{t}</span>
              </div>
            ))}
          </div>
        </Group>
      ))}
      <Group title="Type scale (system font; 14 px base for dense staff screens)" layout="stack">
        {TYPE.map(([name, size, weight]) => (
          <div key={name} className={styles.typeRow}>
            <span className={styles.typeName}>{name}</span>
            <span style={{ fontSize: `var(${size})`, fontWeight: `var(--cc-font-weight-${weight})` }}>Ticket #1042 is waiting on the client</span>
          </div>
        ))}
      </Group>
      <Group title="Spacing (4 px rhythm)" layout="stack">
        {SPACES.map((s) => (
          <div key={s} className={styles.typeRow}>
            <span className={styles.typeName}>--cc-space-{s}</span>
            <span className={styles.spaceBar} style={{ width: `var(--cc-space-${s})` }} aria-hidden="true" />
          </div>
        ))}
      </Group>
      <Group title="Radius">
        {RADII.map((r) => (
          <div key={r} className={styles.specimen}>
            <span className={styles.caption}>{r}</span>
            <span className={styles.radiusBox} style={{ borderRadius: `var(--cc-radius-${r})` }} aria-hidden="true" />
          </div>
        ))}
      </Group>
      <Group title="Elevation">
        {SHADOWS.map((s) => (
          <div key={s} className={styles.elevationBox} style={{ boxShadow: `var(--cc-shadow-${s})` }}>
            shadow-{s}
          </div>
        ))}
      </Group>
    </Section>
  );
}
