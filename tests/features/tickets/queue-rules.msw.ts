/** The people feature's answer for a queue without a certification rule: anyone may be picked (the ticket screens ask it for their assignee pickers). */
import { http, HttpResponse } from 'msw';

export const noQueueRule = http.get('*/api/v2/queue-certifications/assignees', ({ request }) =>
  HttpResponse.json({ queue: new URL(request.url).searchParams.get('queue'), certification: null, uncertified: [] }),
);
