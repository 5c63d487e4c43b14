import { SURVEY_Q2_MAX, SURVEY_Q2_MIN } from '@contracts/common/constants';
import { RECOMMEND_HIGH, RECOMMEND_LOW } from './questions';

const VALUES = Array.from({ length: SURVEY_Q2_MAX - SURVEY_Q2_MIN + 1 }, (_, i) => SURVEY_Q2_MIN + i);

/** Q2: the 0 to 10 recommendation scale as one native radio group. */
export function ScaleRating({ name, legend, value, onChange }: { name: string; legend: string; value: number; onChange: (v: number) => void }) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="survey-question" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <div className="number-scale">
        {VALUES.map((v) => (
          <label key={v} className="choice">
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
            <span className="choice-box">{v}</span>
          </label>
        ))}
      </div>
      <div className="scale-ends" id={hintId}>
        <span>
          {SURVEY_Q2_MIN}: {RECOMMEND_LOW}
        </span>
        <span>
          {SURVEY_Q2_MAX}: {RECOMMEND_HIGH}
        </span>
      </div>
    </fieldset>
  );
}
