import type { OrgPerson } from '@contracts/people';
import { Avatar, Badge } from '@/shared/ui/components';
import styles from './OrgPerson.module.css';

/** The person focused on the org chart: their picture (or initials), name, title and department. */
export function FocusedPerson({ person, picture }: { person: OrgPerson; picture: string | undefined }) {
  return (
    <section className={styles.card} aria-label={`Focused: ${person.name}`}>
      <Avatar name={person.name} src={picture} colourKey={person.id} size="xl" decorative />
      <div className={styles.text}>
        <strong className={styles.name}>{person.name}</strong>
        {person.title ? <span className={styles.title}>{person.title}</span> : null}
        {person.department ? <Badge tone="neutral">{person.department}</Badge> : null}
      </div>
    </section>
  );
}
