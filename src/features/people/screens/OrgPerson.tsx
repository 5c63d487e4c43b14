import type { OrgPerson } from '@contracts/people';
import { Avatar, Badge } from '@/shared/ui/components';
import styles from './OrgPerson.module.css';

/** The people of the org chart whose pictures the list shows now: the top and those under an opened manager, and the focused person. */
export function peopleWithPicturesShown(people: readonly OrgPerson[], expanded: readonly number[], focused: number | null, listShown: boolean) {
  const ids = new Set(people.map((p) => p.id));
  const open = new Set(expanded);
  return people
    .filter((p) => p.avatarVersion !== null && (p.id === focused || (listShown && (p.managerId === null || !ids.has(p.managerId) || open.has(p.managerId)))))
    .map((p) => ({ recordId: p.avatarVersion!, id: p.id }));
}

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
