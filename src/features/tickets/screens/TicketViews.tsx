/**
 * The views above the ticket search: the built-in queues and the user's saved filters, each a
 * link that applies its filters through the address, with its live count; the current one is
 * marked (aria-current). The user's own views have a menu (rename, delete); "Save view" keeps
 * the filters shown under a name. The ticketViews machine loads and writes; this is its markup.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { TICKET_VIEW_NAME_MAX } from '@contracts/ticket-views';
import { Button, Dialog, FormErrorBanner, IconButton, Menu, MenuItem, MenuTrigger, MoreIcon, PlusIcon, TextField } from '@/shared/ui/components';
import { cx } from '@/shared/ui/components/cx';
import {
  isCurrentView,
  selectViews,
  selectViewsDialog,
  selectViewsError,
  selectViewsFieldErrors,
  selectViewsSaveError,
  selectViewsWriting,
  viewFiltersOf,
  viewHref,
  type TicketViewsActor,
  type TicketViewsDialog,
} from '../machines/ticket-views.machine';
import styles from './TicketViews.module.css';

export function TicketViews({ actor, url }: { actor: TicketViewsActor; url: URLSearchParams }) {
  const views = useSelector(actor, selectViews);
  const error = useSelector(actor, selectViewsError);
  const dialog = useSelector(actor, selectViewsDialog);
  const current = viewFiltersOf(url);
  return (
    <nav className={styles.views} aria-label="Ticket views">
      <ul className={styles.list}>
        {views.map((v) => {
          const isCurrent = isCurrentView(v, url);
          return (
            <li key={v.key} className={cx(styles.item, isCurrent ? styles.current : undefined)}>
              <Link href={viewHref(v.filters)} className={styles.link} aria-current={isCurrent ? 'page' : undefined} title={v.name}>
                <span className={styles.name}>{v.name}</span>
                <span className={styles.count}>
                  {v.count}
                  <span className="sr-only"> {v.count === 1 ? 'ticket' : 'tickets'}</span>
                </span>
              </Link>
              {v.id !== null ? (
                <MenuTrigger>
                  <IconButton size="sm" aria-label={`More for the view ${v.name}`} className={styles.more}>
                    <MoreIcon size={14} />
                  </IconButton>
                  <Menu
                    placement="bottom end"
                    onAction={(key) => actor.send({ type: key === 'rename' ? 'views.rename' : 'views.delete', id: v.id!, name: v.name })}
                  >
                    <MenuItem id="rename">Rename…</MenuItem>
                    <MenuItem id="delete" isDanger>
                      Delete…
                    </MenuItem>
                  </Menu>
                </MenuTrigger>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        variant="quiet"
        icon={<PlusIcon />}
        isDisabled={Object.keys(current).length === 0}
        onPress={() => actor.send({ type: 'views.saveCurrent', filters: current })}
      >
        Save view
      </Button>
      {error ? (
        <span className={styles.error} role="status">
          Counts could not be loaded.{' '}
          <Button size="sm" variant="quiet" onPress={() => actor.send({ type: 'views.refresh' })}>
            Try again
          </Button>
        </span>
      ) : null}
      {dialog ? <ViewDialog actor={actor} dialog={dialog} /> : null}
    </nav>
  );
}

function ViewDialog({ actor, dialog }: { actor: TicketViewsActor; dialog: TicketViewsDialog }) {
  const writing = useSelector(actor, selectViewsWriting);
  const fields = useSelector(actor, selectViewsFieldErrors);
  const saveError = useSelector(actor, selectViewsSaveError);
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.name : '');
  const close = () => actor.send({ type: 'dialog.close' });
  const submit = () => actor.send({ type: 'dialog.submit', name });
  if (dialog.kind === 'delete') {
    return (
      <Dialog
        title={`Delete the view “${dialog.name}”?`}
        description="The tickets stay as they are; only this saved view goes."
        role="alertdialog"
        size="sm"
        isOpen
        onOpenChange={(o) => !o && close()}
        footer={
          <>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button variant="danger" isPending={writing} onPress={submit}>
              Delete
            </Button>
          </>
        }
      >
        <FormErrorBanner title={saveError ?? undefined} />
      </Dialog>
    );
  }
  return (
    <Dialog
      title={dialog.kind === 'save' ? 'Save the filters as a view' : `Rename the view “${dialog.name}”`}
      description={dialog.kind === 'save' ? 'Only you see your saved views.' : undefined}
      size="sm"
      isOpen
      onOpenChange={(o) => !o && close()}
      footer={
        <>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button variant="primary" isPending={writing} onPress={submit}>
            {dialog.kind === 'save' ? 'Save' : 'Rename'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormErrorBanner title={saveError && !fields.name ? saveError : undefined} />
        <TextField label="Name" value={name} onChange={setName} isRequired maxLength={TICKET_VIEW_NAME_MAX} errorMessage={fields.name} isInvalid={Boolean(fields.name)} autoFocus />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
