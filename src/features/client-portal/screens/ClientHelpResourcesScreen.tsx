import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ArticleListQuery } from '@contracts/client-portal';
import { articleMachine, articlesMachine } from '../machines/client-portal.machines';
import { Badge, Breadcrumbs, Button, Card, EmptyState, PageHeader, QueryView, RelativeTime, SearchField, Select, SkeletonText } from '@/shared/ui/components';
import { Markdown } from '@/shared/ui/Markdown';
import styles from './ClientHelpResourcesScreen.module.css';
import { usePageTitle } from '@/shared/page-title';

const ALL = '__all__';

function ArticleView({ id }: { id: number }) {
  const query = useActorRef(articleMachine, { input: { query: id } });
  const article = useSelector(query, (s) => s.context.data);
  usePageTitle(article?.title ?? 'Help Resources');
  useEffect(() => {
    if (id !== (query.getSnapshot().context.query as number)) query.send({ type: 'query.set', query: id });
  }, [id, query]);
  const crumbs = <Breadcrumbs items={[{ label: 'Help resources', href: '/help/resources' }, { label: article?.title ?? 'Article' }]} />;
  return (
    <>
      <PageHeader title="Help resources" breadcrumbs={crumbs} />
      <QueryView
        actor={query}
        loading={
          <Card>
            <SkeletonText lines={8} label="Loading the article" />
          </Card>
        }
      >
        {(shown) => (
          <Card>
            <article className={styles.article} aria-labelledby="article-heading">
              <h2 id="article-heading">{shown.title}</h2>
              <p className={styles.articleMeta}>
                <Badge tone="info">{shown.category}</Badge>
                <span>
                  Updated <RelativeTime value={shown.updated_at} />
                </span>
              </p>
              <div className={styles.prose}>
                <Markdown source={shown.body} title={shown.title} />
              </div>
              <Link href="/help/resources" className={styles.back}>
                All articles
              </Link>
            </article>
          </Card>
        )}
      </QueryView>
    </>
  );
}

function ArticleIndex() {
  const list = useActorRef(articlesMachine, { input: { query: {} } });
  const data = useSelector(list, (s) => s.context.data);
  const query = useSelector(list, (s) => s.context.query as ArticleListQuery);
  const [search, setSearch] = useState(query.q ?? '');
  const categories = [{ id: ALL, label: 'All' }, ...(data?.categories ?? []).map((c) => ({ id: c, label: c }))];
  const filtered = Boolean(query.q || query.category);
  return (
    <Card title="Articles" asRegion padding="none">
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          list.send({ type: 'query.set', query: { ...query, q: search || undefined, page: 1 } });
        }}
      >
        <SearchField
          className={styles.search}
          label="Search articles"
          showLabel
          placeholder="How do I…"
          maxLength={200}
          value={search}
          onChange={setSearch}
          onClear={() => list.send({ type: 'query.set', query: { ...query, q: undefined, page: 1 } })}
        />
        <Button type="submit">Search</Button>
        <Select
          className={styles.category}
          label="Category"
          items={categories}
          value={query.category ?? ALL}
          onChange={(k) => list.send({ type: 'query.set', query: { ...query, category: k === ALL || k === null ? undefined : String(k), page: 1 } })}
        />
      </form>
      <QueryView
        actor={list}
        loading={
          <div className={styles.toolbar}>
            <SkeletonText lines={6} label="Loading the articles" />
          </div>
        }
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyState
            compact
            headingLevel={null}
            title="No articles match."
            text={filtered ? 'Try other words or all categories.' : 'Articles appear here as we publish them.'}
            actions={
              filtered ? (
                <Button
                  size="sm"
                  onPress={() => {
                    setSearch('');
                    list.send({ type: 'query.set', query: { page: 1 } });
                  }}
                >
                  Show all articles
                </Button>
              ) : null
            }
          />
        }
      >
        {(page) => (
          <ul className={styles.list}>
            {page.items.map((a) => (
              <li key={a.id} className={styles.item}>
                <Link href={`/help/resources?article=${a.id}`} className={styles.itemLink}>
                  <span className={styles.itemTitle}>{a.title}</span>
                  <span className={styles.itemMeta}>
                    {a.category} · updated <RelativeTime value={a.updated_at} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

export default function ClientHelpResourcesScreen() {
  const id = Number(new URLSearchParams(useSearch()).get('article'));
  const article = Number.isInteger(id) && id > 0;
  usePageTitle(article ? null : 'Help Resources');
  return article ? (
    <ArticleView id={id} />
  ) : (
    <>
      <PageHeader title="Help resources" subtitle="Answers to common questions about the portal and our services." />
      <ArticleIndex />
    </>
  );
}
