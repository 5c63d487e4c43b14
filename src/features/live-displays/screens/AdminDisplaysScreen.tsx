/** Admin → Displays (/admin/displays): the TVs that show live boards, their pairing links and revocation. */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { LIVE_BOARDS, LIVE_BOARD_TITLES, pairingLink, type CreateDisplayInput, type Display, type LiveBoard } from '@contracts/live-displays';
import { Alert, Badge, Button, Card, Checkbox, CheckboxGroup, DateTime, Form, FormActions, FormErrorBanner, NumberField, PageHeader, TextArea, TextField } from '@/shared/ui/components';
import { createDisplayMachine, displayListMachine, revokeDisplayMachine } from '../machines/displays.machines';
import styles from './AdminDisplaysScreen.module.css';

function DisplayRow({ display: d, onRevoke, busy }: { display: Display; onRevoke: () => void; busy: boolean }) {
  return (
    <li className={styles.item}>
      <div>
        <h3 className={styles.name}>{d.name}</h3>
        <p className={styles.meta}>
          {d.boards.map((b) => LIVE_BOARD_TITLES[b]).join(', ')}
          {d.rotateSeconds ? ` · rotates every ${d.rotateSeconds} s` : ''}
          {d.allowedRanges.length ? ` · only from ${d.allowedRanges.join(', ')}` : ''}
        </p>
        <p className={styles.meta}>
          Created <DateTime value={d.createdAt} />
          {d.pairedAt ? (
            <>
              {' '}
              · paired <DateTime value={d.pairedAt} />
            </>
          ) : null}
        </p>
      </div>
      <div className={styles.actions}>
        {d.revokedAt ? <Badge tone="neutral">Revoked</Badge> : d.pairedAt ? <Badge tone="success">Paired</Badge> : <Badge tone="warning">Waiting to pair</Badge>}
        {d.revokedAt ? null : (
          <Button variant="danger" size="sm" onPress={onRevoke} isDisabled={busy} aria-label={`Revoke ${d.name}`}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

export default function AdminDisplaysScreen() {
  const list = useActorRef(displayListMachine, { input: { query: null } });
  const create = useActorRef(createDisplayMachine, { input: { reloads: list, reloadEvent: { type: 'query.reload' }, notices: { saved: (r) => `Display ${r.display.name} created: open its pairing link on the TV`, failed: 'The display was not created' } } });
  const revoke = useActorRef(revokeDisplayMachine, { input: { reloads: list, reloadEvent: { type: 'query.reload' }, notices: { saved: (r) => `${r.name} revoked: its boards close`, failed: 'The display was not revoked' } } });
  const items = useSelector(list, (s) => s.context.data?.items);
  const listError = useSelector(list, (s) => s.context.error);
  const created = useSelector(create, (s) => s.context.result);
  const fields = useSelector(create, (s) => s.context.fieldErrors);
  const error = useSelector(create, (s) => s.context.error);
  const refusals = useSelector(create, (s) => s.context.refusals);
  const creating = useSelector(create, (s) => s.hasTag('busy'));
  const revoking = useSelector(revoke, (s) => s.hasTag('busy'));
  const [name, setName] = useState('');
  const [boards, setBoards] = useState<string[]>(['support']);
  const [rotate, setRotate] = useState<number>(NaN);
  const [ranges, setRanges] = useState('');
  const input = (): CreateDisplayInput => ({
    name,
    boards: boards as LiveBoard[],
    rotateSeconds: Number.isNaN(rotate) ? null : rotate,
    allowedRanges: ranges
      .split(/[\s,]+/)
      .map((r) => r.trim())
      .filter(Boolean),
  });
  const changed =
    <T,>(field: keyof CreateDisplayInput, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      create.send({ type: 'form.change', field });
    };
  const link = created ? pairingLink(window.location.origin, created.pairingToken) : null;
  return (
    <div className={styles.page}>
      <PageHeader title="Displays" subtitle="TVs that show live boards without anyone signing in. Each pairs once by its link; revoking one closes its boards at once." />
      <div className={styles.columns}>
        <Card title="New display">
          <Form
            aria-label="New display"
            refusals={refusals}
            onSubmit={(e) => {
              e.preventDefault();
              create.send({ type: 'form.submit', input: input() });
            }}
            onFieldBlur={(field) => create.send({ type: 'form.blur', field, input: input() })}
          >
            <FormErrorBanner title={error ?? undefined} />
            <TextField label="Name" name="name" value={name} onChange={changed('name', setName)} isRequired errorMessage={fields.name} description="Where the TV hangs, e.g. Support floor" />
            <CheckboxGroup label="Boards" name="boards" value={boards} onChange={changed('boards', setBoards)} errorMessage={fields.boards} description="Several boards take turns">
              {LIVE_BOARDS.map((b) => (
                <Checkbox key={b} value={b}>
                  {LIVE_BOARD_TITLES[b]}
                </Checkbox>
              ))}
            </CheckboxGroup>
            <NumberField label="Rotate every (seconds)" name="rotateSeconds" value={rotate} onChange={changed('rotateSeconds', setRotate)} errorMessage={fields.rotateSeconds} description="Leave empty to stay on the first board" />
            <TextArea label="Allowed addresses" name="allowedRanges" value={ranges} onChange={changed('allowedRanges', setRanges)} errorMessage={fields.allowedRanges ?? Object.entries(fields).find(([k]) => k.startsWith('allowedRanges.'))?.[1]} description="Optional: addresses or ranges such as 10.0.0.0/8, one per line; empty allows any" rows={3} />
            <FormActions>
              <Button type="submit" variant="primary" isPending={creating}>
                Create display
              </Button>
            </FormActions>
          </Form>
          {created && link ? (
            <Alert tone="success" title={`Pairing link for ${created.display.name}`}>
              <p>Open this link once on the TV. It works until <DateTime value={created.pairingUntil} /> and is shown only now.</p>
              <p className={styles.link}>
                <code>{link}</code>
              </p>
            </Alert>
          ) : null}
        </Card>
        <Card title="Displays">
          {listError && !items ? <Alert tone="danger" title="The displays could not be loaded">{listError}</Alert> : null}
          {items && !items.length ? <p>No displays yet. Create one to put a board on a TV.</p> : null}
          {items?.length ? (
            <ul className={styles.list}>
              {items.map((d) => (
                <DisplayRow key={d.id} display={d} busy={revoking} onRevoke={() => revoke.send({ type: 'form.submit', input: d.id })} />
              ))}
            </ul>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
