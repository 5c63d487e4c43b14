import { LinkButton, PlusIcon } from '@/shared/ui/components';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { quoteTableMachine } from '../machines/quotes.machines';
import { QuoteTable } from './QuoteTable';

/** /quote/list and /quote/index: every quote (latest revisions), filtered by status, type and company. */
export function QuoteList({ path, name }: { path: string; name: string }) {
  return (
    <SearchPage
      title={name}
      subtitle="Quotes for support, projects, hardware and paper: drafts, sent, accepted, declined and expired."
      actions={
        <>
          <LinkButton href="/quote/item/management">Item Management</LinkButton>
          <LinkButton variant="primary" href="/quote/new/client" icon={<PlusIcon />}>
            New quote
          </LinkButton>
        </>
      }
    >
      <QuoteTable path={path} machine={quoteTableMachine} />
    </SearchPage>
  );
}

export default function QuoteListScreen() {
  return <QuoteList path="/quote/list" name="Support Quote" />;
}
