/**
 * The view tests' one render helper (tests/support/render.tsx): a screen at a URL, with the
 * contexts and hosts the app gives it when a test asks for them, and nothing else otherwise.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, useContext } from 'react';
import { useLocale } from 'react-aria-components';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, useLocation, useSearch } from 'wouter';
import { dialogService } from '@/shared/machines/dialog.machine';
import { useIsManager } from '@/shared/session/role';
import { StaffSession } from '@/shared/session/staff-session';
import { toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

afterEach(() => toastQueue.clear());

function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <>
      <p>
        at {path} with {search || 'no query'}
      </p>
      <Link href="/ticket/7?tab=notes">Open ticket 7</Link>
    </>
  );
}

describe('renderAt', () => {
  it('renders at the path and query given, and records every navigation in its history', async () => {
    const rendered = renderAt('/ticket/search?f.status=A', <Where />);
    expect(screen.getByText('at /ticket/search with f.status=A')).toBeInTheDocument();
    expect(rendered.history).toEqual(['/ticket/search?f.status=A']);
    await userEvent.click(screen.getByRole('link', { name: 'Open ticket 7' }));
    expect(screen.getByText('at /ticket/7 with tab=notes')).toBeInTheDocument();
    expect(rendered.history.at(-1)).toBe('/ticket/7?tab=notes');
    expect(rendered.location.history).toBe(rendered.history);
    act(() => rendered.navigate('/company/3'));
    expect(screen.getByText('at /company/3 with no query')).toBeInTheDocument();
    rendered.unmount();
    expect(screen.queryByText(/^at /)).toBeNull();
  });

  it('gives the staff role only when asked, as outside a staff session', () => {
    const Manager = () => <p>{useIsManager() ? 'manager actions' : 'no manager actions'}</p>;
    renderAt('/sales/settings', <Manager />, { role: 'manager' });
    expect(screen.getByText('manager actions')).toBeInTheDocument();
    renderAt('/sales/settings', <Manager />, { role: 'user' });
    renderAt('/sales/settings', <Manager />);
    expect(screen.getAllByText('no manager actions')).toHaveLength(2);
  });

  it('runs the staff session actor over the tab storage when asked', () => {
    const Session = () => <p>session {String(StaffSession.useSelector((s) => s.context.store !== undefined))}</p>;
    renderAt('/managed/services', <Session />, { staffSession: true });
    expect(screen.getByText('session true')).toBeInTheDocument();
  });

  it('formats in the locale asked for, and wraps the screen in a provider of the test own', () => {
    const Named = createContext('nobody');
    const Probe = () => (
      <p>
        {useLocale().locale} for {useContext(Named)}
      </p>
    );
    renderAt('/report/view', <Probe />, { locale: 'de-DE', wrap: (page) => <Named.Provider value="the sections">{page}</Named.Provider> });
    expect(screen.getByText('de-DE for the sections')).toBeInTheDocument();
  });

  it('mounts the dialog host and the toast region beside the screen only when asked', async () => {
    renderAt('/client/portal/users', <p>users</p>);
    act(() => void toastQueue.add({ title: 'Saved the user', tone: 'success' }));
    expect(screen.queryByText('Saved the user')).toBeNull();

    renderAt('/client/portal/users', <p>users</p>, { dialogs: true, toasts: true });
    expect(await screen.findByText('Saved the user')).toBeInTheDocument();
    const answer = dialogService.ask({ kind: 'alert', title: 'User disabled', message: 'They are signed out.' });
    expect(await screen.findByRole('alertdialog', { name: 'User disabled' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toMatchObject({ action: 'confirm' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
