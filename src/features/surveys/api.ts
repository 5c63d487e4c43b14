import type { SendSurveyResponse, SurveyResults, SurveyResultsQuery } from '@contracts/surveys';
import { dataOf, http } from '@/shared/http/http';

/** Staff: survey results and their CSV export (GET /api/v2/surveys/results[/export]). */
export const surveyResultsApi = {
  results: (query: SurveyResultsQuery): Promise<SurveyResults> => dataOf(http.get<SurveyResults>('/api/v2/surveys/results', { params: query })),
  /** Managers: emails the client care survey to every contact of a company with an email address. */
  sendClientCare: (companyId: number): Promise<SendSurveyResponse> => dataOf(http.post<SendSurveyResponse>('/api/v2/surveys/client-care/send', { companyId })),
  /** Downloads the CSV of the counted responses under the given filters. */
  async exportCsv(query: SurveyResultsQuery): Promise<void> {
    const { page: _page, pageSize: _size, ...filters } = query;
    const res = await http.get<Blob>('/api/v2/surveys/results/export', { params: filters, responseType: 'blob' });
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'survey_results.csv';
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  },
};
