import { SURVEY_Q1_MAX, SURVEY_Q1_MIN } from '@contracts/common/constants';
import { FACE_LABELS } from './questions';

const VALUES = Array.from({ length: SURVEY_Q1_MAX - SURVEY_Q1_MIN + 1 }, (_, i) => SURVEY_Q1_MIN + i);

/** A face: the mouth curves from a frown (1) to a smile (5). */
function Face({ value }: { value: number }) {
  const curve = (value - (SURVEY_Q1_MIN + SURVEY_Q1_MAX) / 2) * 4;
  return (
    <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" className="face-bg" />
      <circle cx="11" cy="13" r="2" className="face-ink" />
      <circle cx="21" cy="13" r="2" className="face-ink" />
      <path d={`M9 ${21 - curve / 2} Q16 ${21 + curve} 23 ${21 - curve / 2}`} className="face-mouth" />
    </svg>
  );
}

/** Q1: five faces as one native radio group (arrow keys move, screen readers announce each face). */
export function FaceRating({ name, legend, value, onChange }: { name: string; legend: string; value: number; onChange: (v: number) => void }) {
  return (
    <fieldset className="survey-question">
      <legend>{legend}</legend>
      <div className="face-scale">
        {VALUES.map((v) => (
          <label key={v} className="choice face-choice">
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
            <span className="choice-box">
              <Face value={v} />
              <span className="sr-only">{FACE_LABELS[v - SURVEY_Q1_MIN]}</span>
            </span>
          </label>
        ))}
      </div>
      <div className="scale-ends" aria-hidden="true">
        <span>{FACE_LABELS[0]}</span>
        <span>{FACE_LABELS[FACE_LABELS.length - 1]}</span>
      </div>
    </fieldset>
  );
}
