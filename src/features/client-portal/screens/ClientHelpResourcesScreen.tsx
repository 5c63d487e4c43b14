import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ArticleListQuery } from '@contracts/client-portal';
import { articleMachine, articlesMachine } from '../machines/client-portal.machines';
import { Spinner } from '@/shared/ui/Spinner';
import { LoadError, useQueryState } from './form-parts';
import { Markdown } from './Markdown';
import { formatNumericDate } from '@/shared/ui/tokens/format';

function ArticleView({ id }: { id: number }) {
  const query = useActorRef(articleMachine, { input: { query: id } });
  const { data: article, failed, error } = useQueryState(query);
  useEffect(() => {
    if (id !== (query.getSnapshot().context.query as number)) query.send({ type: 'query.set', query: id });
  }, [id, query]);
  if (failed) return <LoadError error={error} onRetry={() => query.send({ type: 'query.reload' })} />;
  if (!article) return <Spinner label="Loading the article" />;
  return (
    <article className="card" aria-labelledby="article-heading">
      <p>
        <Link href="/help/resources">All articles</Link>
      </p>
      <h2 id="article-heading">{article.title}</h2>
      <p className="muted">
        {article.category}, updated {formatNumericDate(article.updated_at)}
      </p>
      <Markdown source={article.body} />
    </article>
  );
}

function ArticleIndex() {
  const list = useActorRef(articlesMachine, { input: { query: {} } });
  const { data, failed, error } = useQueryState(list);
  const query = useSelector(list, (s) => s.context.query as ArticleListQuery);
  const [search, setSearch] = useState('');
  return (
    <section className="card" aria-labelledby="articles-heading">
      <h2 id="articles-heading">Articles</h2>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          list.send({ type: 'query.set', query: { ...query, q: search || undefined, page: 1 } });
        }}
      >
        <label htmlFor="article-search">Search articles</label>
        <input id="article-search" type="search" maxLength={200} value={search} onChange={(e) => setSearch(e.target.value)} />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        <label htmlFor="article-category">Category</label>
        <select
          id="article-category"
          value={query.category ?? ''}
          onChange={(e) => list.send({ type: 'query.set', query: { ...query, category: e.target.value || undefined, page: 1 } })}
        >
          <option value="">All</option>
          {(data?.categories ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </form>
      {failed ? <LoadError error={error} onRetry={() => list.send({ type: 'query.reload' })} /> : null}
      {!data && !failed ? <p role="status">Loading...</p> : null}
      {data && data.items.length === 0 ? <p>No articles match.</p> : null}
      <ul className="plain-list">
        {(data?.items ?? []).map((a) => (
          <li key={a.id}>
            <Link href={`/help/resources?article=${a.id}`}>{a.title}</Link> <span className="muted">{a.category}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ClientHelpResourcesScreen() {
  const id = Number(new URLSearchParams(useSearch()).get('article'));
  return (
    <>
      <h1>Help resources</h1>
      {Number.isInteger(id) && id > 0 ? <ArticleView id={id} /> : <ArticleIndex />}
    </>
  );
}
