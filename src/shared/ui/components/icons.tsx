import type { ReactNode, SVGProps } from 'react';

/**
 * The kit's icons: 16 px line icons drawn on a 16 × 16 grid with currentColor, hidden from
 * assistive technology (the control that holds one carries the accessible name).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(path: ReactNode, displayName: string) {
  function Icon({ size = 16, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {path}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const ChevronDownIcon = icon(<path d="M4 6l4 4 4-4" />, 'ChevronDownIcon');
export const ChevronLeftIcon = icon(<path d="M10 4L6 8l4 4" />, 'ChevronLeftIcon');
export const ChevronRightIcon = icon(<path d="M6 4l4 4-4 4" />, 'ChevronRightIcon');
export const ChevronUpIcon = icon(<path d="M4 10l4-4 4 4" />, 'ChevronUpIcon');
export const CloseIcon = icon(<path d="M4 4l8 8M12 4l-8 8" />, 'CloseIcon');
export const CheckIcon = icon(<path d="M3.5 8.5l3 3 6-7" />, 'CheckIcon');
export const MinusIcon = icon(<path d="M4 8h8" />, 'MinusIcon');
export const PlusIcon = icon(<path d="M8 3.5v9M3.5 8h9" />, 'PlusIcon');
export const SearchIcon = icon(
  <>
    <circle cx="7" cy="7" r="4.25" />
    <path d="M10.2 10.2L13.5 13.5" />
  </>,
  'SearchIcon',
);
export const CalendarIcon = icon(
  <>
    <rect x="2.5" y="3.5" width="11" height="10" rx="1.5" />
    <path d="M2.5 6.5h11M5.5 2v3M10.5 2v3" />
  </>,
  'CalendarIcon',
);
export const MoreIcon = icon(
  <>
    <circle cx="3.5" cy="8" r="0.9" fill="currentColor" stroke="none" />
    <circle cx="8" cy="8" r="0.9" fill="currentColor" stroke="none" />
    <circle cx="12.5" cy="8" r="0.9" fill="currentColor" stroke="none" />
  </>,
  'MoreIcon',
);
export const InfoIcon = icon(
  <>
    <circle cx="8" cy="8" r="6" />
    <path d="M8 7.25V11M8 5h.01" />
  </>,
  'InfoIcon',
);
export const SuccessIcon = icon(
  <>
    <circle cx="8" cy="8" r="6" />
    <path d="M5.5 8.2l1.8 1.8 3.2-3.7" />
  </>,
  'SuccessIcon',
);
export const WarningIcon = icon(
  <>
    <path d="M8 2.5l6 10.5H2L8 2.5z" />
    <path d="M8 6.5v3M8 11.25h.01" />
  </>,
  'WarningIcon',
);
export const ErrorIcon = icon(
  <>
    <circle cx="8" cy="8" r="6" />
    <path d="M8 4.75V8.5M8 11h.01" />
  </>,
  'ErrorIcon',
);
export const InboxIcon = icon(
  <>
    <path d="M2 9l1.8-5.2A1 1 0 0 1 4.7 3h6.6a1 1 0 0 1 .9.8L14 9v3.5a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V9z" />
    <path d="M2 9h3.2l1 1.5h3.6l1-1.5H14" />
  </>,
  'InboxIcon',
);
export const FilterIcon = icon(<path d="M2.5 3.5h11l-4.2 5v4l-2.6 1v-5l-4.2-5z" />, 'FilterIcon');
export const EditIcon = icon(<path d="M10.5 2.8l2.7 2.7-7.4 7.4-3.2.5.5-3.2 7.4-7.4z" />, 'EditIcon');
export const TrashIcon = icon(<path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5" />, 'TrashIcon');
export const ExternalIcon = icon(<path d="M9 3h4v4M13 3L7.5 8.5M11.5 9.5v3a.5.5 0 0 1-.5.5H3.5a.5.5 0 0 1-.5-.5V5a.5.5 0 0 1 .5-.5h3" />, 'ExternalIcon');
export const SunIcon = icon(
  <>
    <circle cx="8" cy="8" r="2.75" />
    <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" />
  </>,
  'SunIcon',
);
export const MoonIcon = icon(<path d="M13 9.5A5.5 5.5 0 0 1 6.5 3a5.5 5.5 0 1 0 6.5 6.5z" />, 'MoonIcon');
export const MonitorIcon = icon(
  <>
    <rect x="2" y="2.5" width="12" height="8.5" rx="1" />
    <path d="M6 14h4M8 11v3" />
  </>,
  'MonitorIcon',
);
