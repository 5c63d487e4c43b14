/** The company view's "Managed services" section over msw. */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ContractUsageSection from '@/features/time/screens/ContractUsageSection';
import { contractUsage } from './time.fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const usage = contractUsage();

describe('contract usage section', () => {
  it("shows this month's usage against included and rolled-over hours", async () => {
    server.use(http.get('*/api/v2/ms/contracts/1', () => HttpResponse.json({ contract: usage })));
    render(<ContractUsageSection companyId={1} />);
    expect(await screen.findByText('Managed Gold')).toBeInTheDocument();
    expect(screen.getByText('19:00')).toBeInTheDocument();
    expect(screen.getByText('of 21:00 included')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Usage of Acme Utilities' })).toHaveAttribute('aria-valuenow', '95');
  });

  it('shows the late time from closed months that this month carries', async () => {
    server.use(http.get('*/api/v2/ms/contracts/1', () => HttpResponse.json({ contract: contractUsage({ used_minutes: 1290, adjustment_minutes: 150 }) })));
    render(<ContractUsageSection companyId={1} />);
    expect(await screen.findByText('Late time')).toBeInTheDocument();
    expect(screen.getByText('2:30')).toBeInTheDocument();
    expect(screen.getByText('from closed months, in the used hours')).toBeInTheDocument();
    expect(screen.getByText(/Late time is time dated in a closed month/)).toBeInTheDocument();
  });

  it('says when the company has no contract', async () => {
    server.use(http.get('*/api/v2/ms/contracts/2', () => HttpResponse.json({ contract: null })));
    render(<ContractUsageSection companyId={2} />);
    expect(await screen.findByText('No managed-services contract')).toBeInTheDocument();
  });
});
