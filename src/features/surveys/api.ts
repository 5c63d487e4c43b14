import { SURVEYS, type ClientCareRecipient, type SendClientCareSurvey, type SendSurveyResponse, type SurveyResults, type SurveyResultsQuery } from '@contracts/surveys';
import { call } from '@/shared/http/http';

/** A file answer (`produces`): `call` hands it over as a Blob. */
const file = (answer: Promise<unknown>) => answer as Promise<Blob>;

/** Staff: survey results and their CSV export (GET /api/v2/surveys/results[/export]). */
export const surveyResultsApi = {
  results: (query: SurveyResultsQuery): Promise<SurveyResults> => call(SURVEYS.results, { query }),
  /** Managers: the contacts of a company the client care survey can go to (those with an email address). */
  clientCareRecipients: async (companyId: number): Promise<ClientCareRecipient[]> => (await call(SURVEYS.clientCareRecipients, { query: { companyId } })).rows,
  /** Managers: emails the client care survey to the contacts of a company they confirmed. */
  sendClientCare: (send: SendClientCareSurvey): Promise<SendSurveyResponse> => call(SURVEYS.sendClientCare, { body: send }),
  /** Downloads the CSV of the counted responses under the given filters. */
  async exportCsv(query: SurveyResultsQuery): Promise<void> {
    const { page: _page, pageSize: _size, ...filters } = query;
    const csv = await file(call(SURVEYS.exportCsv, { query: filters }));
    const url = URL.createObjectURL(csv);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'survey_results.csv';
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  },
};
