import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useContext, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { KUDO_MESSAGE_MAX, KUDOS_PER_DAY, type KudoPayload } from '@contracts/forms';
import { kudoValuesMachine, mySubmissionsMachine, sendKudoMachine } from '../machines/forms.machines';
import styles from './forms.module.css';
import RecentKudos from './RecentKudos';
import { SubmissionList } from './SubmissionList';
import { inspection } from '@/shared/inspection';
import { StaffRoleContext } from '@/shared/session/role';
import { StaffPicker } from '@/shared/pickers';
import { Button, Card, FormErrorBanner, NumberField, PageHeader, Select, SkeletonTable, Tab, TabList, TabPanel, Tabs, TextArea } from '@/shared/ui/components';

/** The company values as admins keep them (docs/adr/0229): loaded only when an admin opens its tab. */
const KudoValuesAdmin = lazy(() => import('./KudoValuesAdmin'));

type Draft = { toId: number | null; toName: string | null; message: string; value: string; ticketId: number | null };
const EMPTY: Draft = { toId: null, toName: null, message: '', value: '', ticketId: null };

const payloadOf = (d: Draft) => ({ toId: d.toId ?? 0, message: d.message, value: d.value, ...(d.ticketId ? { ticketId: d.ticketId } : {}) }) as KudoPayload;

/** /forms/kudo: thank a colleague for a company value; recent kudos beside; what I sent. */
export default function KudoScreen() {
  const mine = useActorRef(mySubmissionsMachine, { input: { query: 'kudo' }, inspect: inspection.inspect });
  const form = useActorRef(sendKudoMachine, {
    input: { reloads: [mine], reloadEvent: { type: 'query.reload' }, notices: { saved: (_r, sent) => ({ title: 'Kudo sent', description: `Thank you for recognising a colleague (${sent.value}).` }), failed: 'The kudo was not sent' } },
    inspect: inspection.inspect,
  });
  // Each kudo sent starts a fresh form and shows the recent kudos again (keyed by the request sent).
  const sentId = useSelector(form, (s) => s.context.result?.id ?? 0);
  const admin = useContext(StaffRoleContext) === 'admin';

  return (
    <div className={styles.page}>
      <PageHeader title="Kudos Form" subtitle={`Thank a colleague for living one of our values. The person and their manager are told; everyone sees it on Home. Up to ${KUDOS_PER_DAY} a day.`} />
      <div className={styles.columns}>
        <Tabs>
          <TabList aria-label="Kudos">
            <Tab id="send">Send a kudo</Tab>
            <Tab id="mine">Sent by me</Tab>
            {admin ? <Tab id="values">Company values</Tab> : null}
          </TabList>
          <TabPanel id="send">
            <KudoForm key={sentId} form={form} />
          </TabPanel>
          <TabPanel id="mine">
            <SubmissionList actor={mine} label="kudos you sent" empty="You have not sent a kudo yet." appliedLabel="Published" />
          </TabPanel>
          {admin ? (
            <TabPanel id="values">
              <Suspense fallback={<SkeletonTable />}>
                <KudoValuesAdmin />
              </Suspense>
            </TabPanel>
          ) : null}
        </Tabs>
        <RecentKudos key={sentId} />
      </div>
    </div>
  );
}

/** The kudo's fields; what was typed stays through a refused send. */
function KudoForm({ form }: { form: ActorRefFrom<typeof sendKudoMachine> }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const values = useActorRef(kudoValuesMachine, { input: {}, inspect: inspection.inspect });
  const valueList = useSelector(values, (s) => s.context.data ?? []);
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: payloadOf(draft) });
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        <StaffPicker label="Colleague" placeholder="Who do you want to thank?" value={draft.toId} valueName={draft.toName ?? undefined} onChange={(id, name) => change({ toId: id, toName: name }, 'toId')} errorMessage={fields.toId} />
        <TextArea
          label="Message"
          isRequired
          value={draft.message}
          onChange={(message) => change({ message }, 'message')}
          onBlur={() => form.send({ type: 'form.blur', field: 'message', input: payloadOf(draft) })}
          description="What they did, in a sentence or two."
          errorMessage={fields.message}
          maxLength={KUDO_MESSAGE_MAX}
        />
        <Select
          label="Company value"
          isRequired
          placeholder="Choose a value"
          items={valueList.map((v) => ({ id: v, label: v }))}
          selectedKey={draft.value || null}
          onSelectionChange={(key) => change({ value: String(key ?? '') }, 'value')}
          errorMessage={fields.value}
        />
        <NumberField
          label="Related ticket (optional)"
          value={draft.ticketId ?? NaN}
          minValue={1}
          formatOptions={{ useGrouping: false }}
          onChange={(n) => change({ ticketId: Number.isFinite(n) ? n : null }, 'ticketId')}
          errorMessage={fields.ticketId}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            Send kudo
          </Button>
        </div>
      </form>
    </Card>
  );
}
