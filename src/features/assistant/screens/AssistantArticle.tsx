import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { Markdown } from '@/shared/ui/Markdown';
import { usePageTitle } from '@/shared/page-title';
import type { ScreenProps } from '@/shared/routing';
import { Alert, DateTime, Logo, QueryView, SkeletonText } from '@/shared/ui/components';
import { assistantArticleMachine } from '../machines/article.machine';
import styles from './AssistantWindow.module.css';

/** /chat/bot/article/:id: a knowledge article the assistant cited, in the staff window (drafts too, marked). */
export default function AssistantArticle({ params }: ScreenProps) {
  const id = Number(params.id);
  const query = useActorRef(assistantArticleMachine, { input: { query: id } });
  const article = useSelector(query, (s) => s.context.data);
  usePageTitle(article?.title ?? 'Article');
  return (
    <main className={styles.window}>
      <header className={styles.header}>
        <Logo size={28} variant="inverse" />
        <h1 className={styles.title}>Knowledge article</h1>
      </header>
      <div className={styles.body}>
        <QueryView actor={query} loading={<SkeletonText lines={8} label="Loading the article" />}>
          {(a) => (
            <article className={styles.article} aria-labelledby="article-title">
              <h2 id="article-title">{a.title}</h2>
              <p className={styles.meta}>
                {a.category} · updated <DateTime value={a.updated_at} />
              </p>
              {a.published ? null : <Alert tone="warning" title="A draft: clients do not see this article." />}
              <Markdown source={a.body} />
              <p>
                <Link href="/chat/bot">Back to the assistant</Link>
              </p>
            </article>
          )}
        </QueryView>
      </div>
    </main>
  );
}
