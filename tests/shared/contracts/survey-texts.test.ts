/** The survey page's texts from src/contracts/common/constants.ts. */
import { describe, expect, it } from 'vitest';
import { SURVEY_FAILURE_ALERT, surveyFailureAlert } from '@contracts/common/constants';

describe('the failed-submission alert', () => {
  it('carries the configured support phone exactly as written, replacement patterns included', () => {
    for (const phone of ['1-800-555-0199', '$1 800', '$& 555', "0800 $'", '$` 12', '$$ 99']) {
      expect(surveyFailureAlert(phone)).toBe(SURVEY_FAILURE_ALERT.split('{phone}').join(phone));
      expect(surveyFailureAlert(phone)).toContain(`at ${phone} Option 1`);
    }
  });
});
