/** The Survey tab's machine over msw: it sends the client care survey of its company and says how each send ended. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { clientCareSurveyMachine, selectChosen, selectRecipients, selectSurveyError, selectSurveyResult } from '@/features/surveys/machines/client-care-survey.machine';
import { companySections } from '@/features/surveys/routes';
import { recordMachineNotices } from '@tests/support/notices';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { notices, started } = recordMachineNotices();

describe('the client care survey of a company', () => {
  it("is the surveys feature's section of the company page, after the sign-up policy", () => {
    expect(companySections.map(({ id, title, order, roles }) => ({ id, title, order, roles }))).toEqual([{ id: 'survey', title: 'Survey', order: 8, roles: undefined }]);
  });

  it('loads who will get it, sends to the ticked contacts only, and says to how many, or why not', async () => {
    const sends: unknown[] = [];
    let answer = (): Response => HttpResponse.json({ queued: 1 });
    server.use(
      http.get('*/api/v2/surveys/client-care/recipients', () =>
        HttpResponse.json({ rows: [{ id: 11, name: 'Ann Lee', email: 'ann@acme.example.test' }, { id: 12, name: 'Bo Park', email: 'bo@acme.example.test' }] }),
      ),
      http.post('*/api/v2/surveys/client-care/send', async ({ request }) => {
        sends.push(await request.json());
        return answer();
      }),
    );
    const actor = createActor(clientCareSurveyMachine, { input: { companyId: 3 } }).start();
    started.push(actor);
    expect(actor.system.get('clientCareSurvey.send')).toBeDefined();
    const choose = async () => {
      actor.send({ type: 'survey.open' });
      await waitFor(actor, (s) => selectRecipients(s) !== null);
      expect(actor.getSnapshot().children.recipients).toBeDefined();
      expect(selectChosen(actor.getSnapshot())).toEqual([11, 12]);
    };
    await choose();
    // Nobody ticked: no send; a contact not listed cannot be ticked.
    actor.send({ type: 'survey.choose', contactIds: [] });
    actor.send({ type: 'survey.confirm' });
    expect(actor.getSnapshot().matches({ choosing: 'ready' })).toBe(true);
    actor.send({ type: 'survey.choose', contactIds: [12, 99] });
    expect(selectChosen(actor.getSnapshot())).toEqual([12]);
    actor.send({ type: 'survey.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => selectSurveyResult(s) !== null);
    expect(sends).toEqual([{ companyId: 3, contactIds: [12] }]);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Client care survey sent to 1 contact' }]);

    answer = () => HttpResponse.json({ error: { code: 'forbidden', message: 'Only a manager or admin may send surveys' } }, { status: 403 });
    await choose();
    actor.send({ type: 'survey.confirm' });
    await waitFor(actor, (s) => selectSurveyError(s) !== null);
    expect(notices.notices.at(-1)).toEqual({ tone: 'error', title: 'The survey was not sent', description: 'Only a manager or admin may send surveys', key: 'company.survey' });
    expect(selectSurveyResult(actor.getSnapshot())).toEqual({ queued: 1 });
    expect(sends.at(-1)).toEqual({ companyId: 3, contactIds: [11, 12] });

    // Cancelled: nothing is sent.
    await choose();
    actor.send({ type: 'survey.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(sends).toHaveLength(2);

    // Sent again, the refusal's notice closes first.
    answer = () => HttpResponse.json({ queued: 2 });
    await choose();
    actor.send({ type: 'survey.confirm' });
    expect(notices.dismissed).toEqual(['company.survey', 'company.survey', 'company.survey']);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Client care survey sent to 2 contacts' });
    expect(selectSurveyError(actor.getSnapshot())).toBeNull();
  });
});
