import type { Option } from '@/shared/ui/components';

/** Companies for the ComboBox demonstration: searched with a short delay, as a server would answer. */
const COMPANIES: Option[] = [
  'Acme Utilities',
  'Globex Water',
  'Initech Billing',
  'Umbrella Energy',
  'Stark Municipal',
  'Wayne County Water',
  'Hooli Power',
  'Vandelay Imports',
  'Soylent Services',
  'Tyrell Gas and Electric',
  'Wonka Water Works',
  'Cyberdyne Utilities',
].map((name, i) => ({ id: i + 1, label: name, description: `Account ${String(10400 + i * 17)}` }));

export const DEMO_SEARCH_DELAY_MS = 350;

export function searchCompanies(text: string, signal: AbortSignal): Promise<Option[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const needle = text.trim().toLowerCase();
      resolve(COMPANIES.filter((c) => c.label.toLowerCase().includes(needle)).slice(0, 8));
    }, DEMO_SEARCH_DELAY_MS);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export const QUEUE_OPTIONS: Option[] = [
  { id: 'Support', label: 'Support' },
  { id: 'Programming', label: 'Programming' },
  { id: 'Managed Services', label: 'Managed Services' },
  { id: 'Sales', label: 'Sales' },
  { id: 'QA', label: 'QA' },
];

export const SEVERITY_OPTIONS: Option[] = [
  { id: 'C', label: 'Critical', description: 'Response within 1 hour' },
  { id: 'H', label: 'High', description: 'Response within 4 hours' },
  { id: 'M', label: 'Medium', description: 'Response within 1 day' },
  { id: 'L', label: 'Low', description: 'Response within 3 days' },
];
