import type { ScreenProps } from '@/shared/routing';
import { QuoteViewPage } from './QuoteViewScreen';

export default function SalesQuoteViewScreen({ params }: ScreenProps) {
  return <QuoteViewPage id={Number(params.id)} viewBase="/sales/quote" />;
}
