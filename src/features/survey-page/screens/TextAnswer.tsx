import { SURVEY_TEXT_MAX } from '@contracts/common/constants';

/** A free-text answer with a visible counter; the field stops at 1500 characters. */
export function TextAnswer({ name, label, value, onChange }: { name: string; label: string; value: string; onChange: (v: string) => void }) {
  const id = `survey-${name}`;
  return (
    <div className="survey-question survey-text">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={SURVEY_TEXT_MAX}
        value={value}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="survey-counter" id={`${id}-count`}>
        {value.length} / {SURVEY_TEXT_MAX} characters
      </span>
    </div>
  );
}
