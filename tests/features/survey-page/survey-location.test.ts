import { describe, expect, it } from 'vitest';
import { parseSurveyLocation } from '@contracts/survey-form';

describe('survey addresses', () => {
  it('reads /survey/{kind}/{ticket}', () => {
    expect(parseSurveyLocation('/survey/1/abc_DEF-123', '')).toEqual({ kind: 1, ticket: 'abc_DEF-123' });
    expect(parseSurveyLocation('/survey/-1/k', '')).toEqual({ kind: -1, ticket: 'k' });
    expect(parseSurveyLocation('/survey/0/a%20b', '')).toEqual({ kind: 0, ticket: 'a b' });
  });

  it('reads /survey?kind=…&ticket=…', () => {
    expect(parseSurveyLocation('/survey', '?kind=1&ticket=xyz')).toEqual({ kind: 1, ticket: 'xyz' });
    expect(parseSurveyLocation('/survey/', '?ticket=xyz')).toMatchObject({ ticket: 'xyz' });
  });

  it('treats a missing or unreadable kind as "any other value"', () => {
    expect(parseSurveyLocation('/survey', '').kind).toBeNaN();
    expect(parseSurveyLocation('/survey/one/x', '').kind).toBeNaN();
    expect(parseSurveyLocation('/survey', '').ticket).toBe('');
  });
});
