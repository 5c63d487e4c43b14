/** The org chart as a PDF, through the one PDF service: each person under their manager, indented by level. */
import type { OrgPerson } from '@contracts/people';
import { renderPdf, standardPage, summaryBlock, tableBlock } from '@server/platform/pdf';

/** People in the order of the tree (each person followed by those who report to them), with their level. */
export function treeOrder(people: OrgPerson[]): { person: OrgPerson; level: number; managerName: string | null }[] {
  const byManager = new Map<number | null, OrgPerson[]>();
  const ids = new Set(people.map((p) => p.id));
  for (const p of people) {
    const key = p.managerId !== null && ids.has(p.managerId) ? p.managerId : null;
    byManager.set(key, [...(byManager.get(key) ?? []), p]);
  }
  const name = new Map(people.map((p) => [p.id, p.name]));
  const out: { person: OrgPerson; level: number; managerName: string | null }[] = [];
  const walk = (manager: number | null, level: number) => {
    for (const p of byManager.get(manager) ?? []) {
      out.push({ person: p, level, managerName: p.managerId === null ? null : (name.get(p.managerId) ?? null) });
      walk(p.id, level + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function orgChartPdf(people: OrgPerson[], generatedAt: Date): Promise<Buffer> {
  const rows = treeOrder(people);
  const tops = rows.filter((r) => r.level === 0).length;
  return renderPdf(
    standardPage({
      title: 'Org Chart',
      company: { name: 'Client Care' },
      generatedAt,
      content: [
        summaryBlock(`${people.length} people; ${tops} at the top of the organisation. Each person is listed under the person they report to.`),
        tableBlock(
          [{ header: 'Person' }, { header: 'Title' }, { header: 'Department' }, { header: 'Reports to' }],
          rows.map((r) => [`${'    '.repeat(r.level)}${r.person.name}`, r.person.title, r.person.department, r.managerName ?? '—']),
          { widths: ['*', 'auto', 'auto', 'auto'] },
        ),
      ],
    }),
  );
}
