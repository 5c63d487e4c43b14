import { describe, expect, it, vi } from 'vitest';
import { applyUnauthorizedRule, submitSurvey, SurveySubmitError, type SurveyHttpDeps } from '@/features/survey-page/api';

function deps(status: number, token: string | null = null) {
  const calls: { url: string; init: RequestInit }[] = [];
  const session = { getItem: vi.fn(() => token), clear: vi.fn() };
  const goToRoot = vi.fn();
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    // The body must not be read: a reply whose body throws when read proves it.
    return {
      ok: status >= 200 && status < 300,
      status,
      json: () => Promise.reject(new Error('the reply body was read')),
      text: () => Promise.reject(new Error('the reply body was read')),
    } as unknown as Response;
  });
  return { d: { fetch, session, goToRoot } as unknown as SurveyHttpDeps, calls, session, goToRoot };
}

const payload = { type: 'TCS' as const, ticket: 'k', Q1: 3, Q2: '', Q3: '', Q4: '' };

describe('survey request settings', () => {
  it('posts JSON to /api/submitsurvey with credentials, X-Requested-With and Accept', async () => {
    const { d, calls } = deps(201);
    await submitSurvey(payload, d);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/submitsurvey');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls[0]!.init.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual(payload);
  });

  it('adds the bearer header when a token is in session storage', async () => {
    const { d, calls, session } = deps(201, 'tab-token');
    await submitSurvey(payload, d);
    expect(session.getItem).toHaveBeenCalledWith('token');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tab-token');
  });

  it('throws with the status on an error reply, without reading the body', async () => {
    const { d } = deps(400);
    await expect(submitSurvey(payload, d)).rejects.toMatchObject({ name: 'SurveySubmitError', status: 400 });
  });

  it('throws status 0 when the network fails', async () => {
    const d = { ...deps(201).d, fetch: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) } as unknown as SurveyHttpDeps;
    const error = await submitSurvey(payload, d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurveySubmitError);
    expect((error as SurveySubmitError).status).toBe(0);
  });

  it('a 401 on the survey call does not fire the global rule (its URL contains "/")', async () => {
    const { d, session, goToRoot } = deps(401);
    await expect(submitSurvey(payload, d)).rejects.toMatchObject({ status: 401 });
    expect(session.clear).not.toHaveBeenCalled();
    expect(goToRoot).not.toHaveBeenCalled();
  });

  it('the global 401 rule clears session storage and goes to the root for a URL without "/"', () => {
    const session = { getItem: vi.fn(), clear: vi.fn() };
    const goToRoot = vi.fn();
    expect(applyUnauthorizedRule(401, 'submitsurvey', { session, goToRoot })).toBe(true);
    expect(session.clear).toHaveBeenCalledOnce();
    expect(goToRoot).toHaveBeenCalledOnce();
    expect(applyUnauthorizedRule(403, 'submitsurvey', { session, goToRoot })).toBe(false);
    expect(applyUnauthorizedRule(401, '/api/submitsurvey', { session, goToRoot })).toBe(false);
    expect(session.clear).toHaveBeenCalledOnce();
  });
});
