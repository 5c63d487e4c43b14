/**
 * Deterministic showcase rows for the table demo screen and the table benchmark: ids, accented names,
 * status and severity codes, money, percentages and dates in dd/MM/yyyy (one of them invalid).
 */
export type DemoRow = {
  id: number;
  title: string;
  contact: string;
  status: string;
  severity: string;
  amount: number;
  ratio: number;
  due: string;
};

const NAMES = ['José Álvarez', 'Zoë Müller', 'Chloé Dubois', 'Søren Ångström', 'Ana Pérez', 'Liam Smith', 'Noah Brown', 'Émile Zola', 'Mia Jones', 'Łukasz Nowak'];
const WORDS = ['printer', 'invoice', 'login', 'network', 'backup', 'email', 'server', 'report', 'license', 'update', 'café', 'résumé'];
const STATUSES = ['A', 'C', 'WOP', 'WOC', 'WOT'];
const SEVERITIES = ['C', 'H', 'M', 'L'];

/** The row whose due date is not a valid date (shown empty, logged as 'Not a valid date'). */
export const DEMO_INVALID_DATE_ID = 7;

export function demoRows(count: number, seed = 42): DemoRow[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const rows = new Array<DemoRow>(count);
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    const d = new Date(base + Math.floor(rand() * 730) * 86_400_000);
    const due = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    rows[i] = {
      id: i + 1,
      title: `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`,
      contact: pick(NAMES),
      status: pick(STATUSES),
      severity: pick(SEVERITIES),
      amount: Math.round(rand() * 1_000_000) / 100,
      ratio: Math.round(rand() * 10_000) / 100,
      due: i + 1 === DEMO_INVALID_DATE_ID ? '31/02/2026' : due,
    };
  }
  return rows;
}
