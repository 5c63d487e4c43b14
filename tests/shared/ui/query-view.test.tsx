/** The one query view: skeleton while loading, an alert with Try again on failure, an empty state, else the data. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { ApiError } from '@/shared/http/http';
import { QueryView } from '@/shared/ui/components';
import { controllable, flush } from '@tests/support/controllable';

function harness() {
  const load = controllable<string[], null>('load');
  const machine = createQueryMachine('things', async (_: null): Promise<string[]> => []).provide({ actors: { load: load.logic as never } });
  function Things() {
    const query = useActorRef(machine, { input: { query: null } });
    return (
      <QueryView actor={query} loading={<p>Loading the things</p>} errorTitle="The things could not be loaded" empty="No things yet">
        {(things) => (
          <ul>
            {things.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </QueryView>
    );
  }
  render(<Things />);
  return load;
}

describe('QueryView', () => {
  it('shows the skeleton while loading, the reason and Try again on failure, then the data', async () => {
    const load = harness();
    expect(screen.getByText('Loading the things')).toBeInTheDocument();
    load.reject(new ApiError(503, 'unavailable', 'The database is busy'));
    await flush();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The things could not be loaded');
    expect(alert).toHaveTextContent('The database is busy');
    expect(screen.queryByText('Loading the things')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    load.resolve(['Printer', 'Router']);
    expect(await screen.findByText('Printer')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Printer', 'Router']);
  });

  it('says so when the answer holds nothing', async () => {
    const load = harness();
    load.resolve([]);
    expect(await screen.findByRole('heading', { name: 'No things yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
