import {
  SURVEY_THANK_YOU_TEXT,
  SURVEY_THANK_YOU_TITLE,
  THANK_YOU_CORNER_RADIUS_PX,
  THANK_YOU_HEADER_COLOR,
} from '@contracts/common/constants';

/** The thank-you view (spec 2.6): header colour #007bff, corner radius 20. */
export function ThankYou() {
  return (
    <section className="thanks-card" style={{ borderRadius: THANK_YOU_CORNER_RADIUS_PX }} aria-labelledby="thanks-title">
      <div
        className="thanks-header"
        data-testid="thanks-header"
        style={{ background: THANK_YOU_HEADER_COLOR, borderTopLeftRadius: THANK_YOU_CORNER_RADIUS_PX, borderTopRightRadius: THANK_YOU_CORNER_RADIUS_PX }}
      >
        <h1 id="thanks-title">{SURVEY_THANK_YOU_TITLE}</h1>
      </div>
      <p className="thanks-body">{SURVEY_THANK_YOU_TEXT}</p>
    </section>
  );
}
