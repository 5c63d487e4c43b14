import styles from './parts.module.css';

/** A field's error under a plain input (linked with aria-describedby); kit fields show their own. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className={styles.error} role="alert">
      {message}
    </span>
  ) : null;
}
