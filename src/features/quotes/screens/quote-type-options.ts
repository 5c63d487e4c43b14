import { QUOTE_TYPE_LABELS, QUOTE_TYPES } from '@contracts/quotes';
import type { Option } from '@/shared/ui/components';

/** The quote types as the kit's Select lists them (the editor's Type, the PDF tester's Layout). */
export const QUOTE_TYPE_OPTIONS: Option[] = QUOTE_TYPES.map((t) => ({ id: t, label: QUOTE_TYPE_LABELS[t] }));
