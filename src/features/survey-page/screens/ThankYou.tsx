import {
  SURVEY_THANK_YOU_TEXT,
  SURVEY_THANK_YOU_TITLE,
  THANK_YOU_CORNER_RADIUS_PX,
  THANK_YOU_HEADER_COLOR,
} from '@contracts/common/constants';
import styles from './ThankYou.module.css';

/** The thank-you view (spec 2.6): header colour #007bff, corner radius 20. */
export function ThankYou() {
  return (
    <section className={styles.card} data-testid="thanks-card" style={{ borderRadius: THANK_YOU_CORNER_RADIUS_PX }} aria-labelledby="thanks-title">
      <div
        className={styles.header}
        data-testid="thanks-header"
        style={{ background: THANK_YOU_HEADER_COLOR, borderTopLeftRadius: THANK_YOU_CORNER_RADIUS_PX, borderTopRightRadius: THANK_YOU_CORNER_RADIUS_PX }}
      >
        <h1 id="thanks-title" className={styles.title}>{SURVEY_THANK_YOU_TITLE}</h1>
      </div>
      <p className={styles.body}>{SURVEY_THANK_YOU_TEXT}</p>
    </section>
  );
}
