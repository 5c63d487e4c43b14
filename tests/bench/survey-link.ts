/** A real survey link on a running server with the demo data: an admin sends Acme's client care survey and reads the outbox. */
const DEMO_PASSWORD = 'care-demo-2026';

export async function clientCareSurveyPath(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: HTTP ${login.status}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' };
  const listed = (await (await fetch(`${baseUrl}/api/v2/surveys/client-care/recipients?companyId=1`, { headers })).json()) as { rows: { id: number }[] };
  const contactIds = listed.rows.map((r) => r.id);
  const sent = await fetch(`${baseUrl}/api/v2/surveys/client-care/send`, { method: 'POST', headers, body: JSON.stringify({ companyId: 1, contactIds }) });
  if (!sent.ok) throw new Error(`sending the survey failed: HTTP ${sent.status}`);
  const outbox = (await (await fetch(`${baseUrl}/api/v2/admin/outbox?pageSize=50`, { headers })).json()) as { rows: { body: string; kind: string }[] };
  const mail = outbox.rows.find((m) => m.kind === 'survey.client_care');
  if (!mail) throw new Error('no client care survey in the outbox');
  return new URL(/https?:\/\/\S+\/survey\/\S+/.exec(mail.body)![0]).pathname;
}
