import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { TextLink } from '@/shared/ui/components';
import { suggestionsMachine } from '../machines/suggestions.machine';
import styles from './AssistantChat.module.css';

/** Under a new ticket's title: help articles that may already answer it (they open beside the form). */
export function ArticleSuggestions({ title }: { title: string }) {
  const actor = useActorRef(suggestionsMachine);
  const items = useSelector(actor, (s) => s.context.items);
  useEffect(() => actor.send({ type: 'suggestions.type', title }), [actor, title]);
  return (
    <div aria-live="polite" className={styles.suggestions}>
      {items.length ? (
        <>
          <p className={styles.sourcesTitle}>These articles may answer it</p>
          <ul className={styles.sources}>
            {items.map((a) => (
              <li key={a.id}>
                <TextLink href={a.href} target="_blank" rel="noopener">
                  {a.title}
                </TextLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
