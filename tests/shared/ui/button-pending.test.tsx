import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/shared/ui/components';
import { ANNOUNCE_CLEAR_MS } from '@/shared/ui/components/feedback/announce';

const liveRegion = () => document.querySelector<HTMLElement>('[data-cc-announcer]');
/** Elements with role img and no name: what axe reports as role-img-alt. */
const namelessImages = () =>
  [...document.querySelectorAll('[role="img"]')].filter((el) => {
    const ids = el.getAttribute('aria-labelledby')?.split(/\s+/).filter(Boolean) ?? [];
    const byIds = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join('');
    return !el.getAttribute('aria-label') && !byIds && !el.getAttribute('title');
  });

/** A form of two fields whose Save button goes pending (with one field, browsers submit on Enter without any submit button), then gives way to its confirmation (the button leaves the page). */
function SavingForm({ onSave }: { onSave: () => void }) {
  const [state, setState] = useState<'editing' | 'saving' | 'saved'>('editing');
  if (state === 'saved') return <p>Saved.</p>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
        setState('saving');
      }}
    >
      <input aria-label="Subject" />
      <input aria-label="Message" />
      <Button type="submit" isPending={state === 'saving'} pendingLabel="Saving">
        Save
      </Button>
      <button type="button" onClick={() => setState('saved')}>
        finish
      </button>
    </form>
  );
}

describe('Button isPending', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps focus, refuses presses and Enter-submits, names its spinner, and announces the pending state once as text', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<SavingForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const button = screen.getByRole('button', { name: /Saving/ });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('type', 'button');
    expect(within(button).getByRole('progressbar', { name: 'Saving' })).toBeInTheDocument();
    // The ring itself is decoration, hidden from assistive technology.
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    expect(liveRegion()).toHaveTextContent(/^Saving$/);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');

    await user.click(button);
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(namelessImages()).toEqual([]);

    // The button leaves the page while its announcement may still be in the region: nothing nameless remains.
    await user.click(screen.getByRole('button', { name: 'finish' }));
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    expect(namelessImages()).toEqual([]);
    expect(document.querySelectorAll('[role="img"][aria-labelledby]')).toHaveLength(0);
  });

  it('says nothing when the button was not the one pressed, and empties the region after a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rerender } = render(<Button isPending={false}>Export</Button>);
    const before = liveRegion()?.textContent ?? '';
    rerender(<Button isPending pendingLabel="Exporting">Export</Button>);
    expect(liveRegion()?.textContent ?? '').toBe(before);

    rerender(<Button isPending={false}>Export</Button>);
    screen.getByRole('button', { name: 'Export' }).focus();
    rerender(<Button isPending pendingLabel="Exporting">Export</Button>);
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    expect(liveRegion()).toHaveTextContent('Exporting');
    act(() => vi.advanceTimersByTime(ANNOUNCE_CLEAR_MS));
    expect(liveRegion()).toHaveTextContent('');
    // Back to normal: pressable, no aria-disabled.
    rerender(<Button isPending={false}>Export</Button>);
    expect(screen.getByRole('button', { name: 'Export' })).not.toHaveAttribute('aria-disabled');
  });
});
