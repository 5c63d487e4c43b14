import { QuoteList } from './QuoteListScreen';

export default function QuoteIndexScreen() {
  return <QuoteList path="/quote/index" name="Quotes" />;
}
