/**
 * The component kit of Client Care over react-aria-components. Import from here; every export is
 * tree-shaken, so a screen pays only for what it uses. Nothing here adds a toast: machines say
 * what happened through `notify` (src/shared/machines/notify.ts), which the app shows as toasts.
 */
export { Avatar, initialsOf, type AvatarProps } from './avatar/Avatar';
export { Badge, CountBadge, SeverityBadge, TicketStatusBadge, type BadgeProps, type BadgeTone } from './badge/Badge';
export { Button, buttonClassName, IconButton, LinkButton, type ButtonProps, type ButtonSize, type ButtonVariant, type IconButtonProps, type LinkButtonProps } from './button/Button';
export { Checkbox, CheckboxGroup, Radio, RadioGroup, Switch, type CheckboxGroupProps, type CheckboxProps, type RadioGroupProps, type RadioProps, type SwitchProps } from './choice/Checkbox';
export { Dialog, DialogTrigger, Sheet, type DialogProps, type DialogSize, type SheetProps } from './dialog/Dialog';
export { Disclosure, DisclosureGroup, type DisclosureProps } from './disclosure/Disclosure';
export { Alert, type AlertProps, type AlertTone } from './feedback/Alert';
export { EmptyState, type EmptyStateProps } from './feedback/EmptyState';
export { QueryView, type QueryViewActor, type QueryViewProps } from './feedback/QueryView';
export { Skeleton, SkeletonCard, SkeletonTable, SkeletonText } from './feedback/Skeleton';
export { ComboBox, type ComboBoxProps, type OptionLoader } from './field/ComboBox';
export { DateField, DatePicker, type DateFieldProps, type IsoDate } from './field/DateField';
export { FieldError, type FieldErrorProps } from './field/parts';
export { AttachmentList, FilePicker, ImageViewer, type AttachmentListProps, type FilePickerProps, type ImageViewerProps, type ListedFile } from './file/Files';
export { NumberField, type NumberFieldProps } from './field/NumberField';
export { Select, type Option, type SelectProps } from './field/Select';
export { TextArea, TextField, type TextAreaProps, type TextFieldProps } from './field/TextField';
export { FilterBar, FilterChips, SearchField, type FilterBarProps, type FilterChip, type FilterChipsProps, type SearchFieldProps } from './filter/FilterBar';
export { FieldGroup, Form, FormActions, FormErrorBanner, FormGrid, FormGridItem, type FormErrorBannerProps, type FormProps } from './form/Form';
export * from './icons';
export { Card, ChartFrame, Stat, type CardProps, type ChartFrameProps } from './layout/Card';
export { Breadcrumbs, PageHeader, type Crumb, type PageHeaderProps } from './layout/PageHeader';
export { Logo, type LogoProps } from './logo/Logo';
export { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger, SubmenuTrigger, type MenuItemProps, type MenuProps } from './menu/Menu';
export { Tooltip, type TooltipProps } from './overlay/Tooltip';
export { Spinner, SpinnerRing, type SpinnerProps } from './spinner/Spinner';
export { Tab, TabList, TabPanel, Tabs } from './tabs/Tabs';
export { DateTime, RelativeTime, type RelativeTimeProps } from './text/RelativeTime';
export { TextLink, type TextLinkProps } from './text/TextLink';
export { VisuallyHidden } from './text/VisuallyHidden';
export { ThemeSwitcher } from './theme/ThemeSwitcher';
export { useTheme } from './theme/use-theme';
export { createToastQueue, type Toast, type ToastInput, type ToastQueue, type ToastTone } from './toast/toast';
export { ToastCard, ToastRegion } from './toast/ToastRegion';
