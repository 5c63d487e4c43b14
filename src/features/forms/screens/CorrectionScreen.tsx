import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RequestView } from '@contracts/approvals';
import { CORRECTION_TEXT_MAX, type CorrectionPayload } from '@contracts/forms';
import { mySubmissionsMachine, submitCorrectionMachine, toReviewMachine } from '../machines/forms.machines';
import { correctionScreenMachine, selectForm, type CorrectionTab } from '../machines/correction-screen.machine';
import styles from './forms.module.css';
import { SubmissionList } from './SubmissionList';
import { RequestDetail } from '@/features/approvals';
import { inspection } from '@/shared/inspection';
import { CompanyPicker } from '@/shared/pickers';
import { Alert, Button, Card, Dialog, FormErrorBanner, NumberField, PageHeader, SkeletonText, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from '@/shared/ui/components';

type Draft = { summary: string; customerImpact: string; rootCause: string; correctiveAction: string; ticketId: number | null; companyId: number | null; companyName: string | null };
const EMPTY: Draft = { summary: '', customerImpact: '', rootCause: '', correctiveAction: '', ticketId: null, companyId: null, companyName: null };

const payloadOf = (d: Draft): CorrectionPayload => ({
  summary: d.summary,
  customerImpact: d.customerImpact,
  rootCause: d.rootCause,
  correctiveAction: d.correctiveAction,
  ...(d.ticketId ? { ticketId: d.ticketId } : {}),
  ...(d.companyId ? { companyId: d.companyId } : {}),
});

const draftOf = (r: RequestView): Draft => {
  const p = r.payload as Partial<CorrectionPayload>;
  return { ...EMPTY, summary: p.summary ?? '', customerImpact: p.customerImpact ?? '', rootCause: p.rootCause ?? '', correctiveAction: p.correctiveAction ?? '', ticketId: p.ticketId ?? null, companyId: p.companyId ?? null };
};

/** An applied correction reads as accepted. */
const APPLIED = 'Accepted';

/** /forms/correction: report what went wrong and how it is put right; the author's manager reviews it. */
export default function CorrectionScreen() {
  const mine = useActorRef(mySubmissionsMachine, { input: { query: 'correction' }, inspect: inspection.inspect });
  const review = useActorRef(toReviewMachine, { input: { query: 'correction' }, inspect: inspection.inspect });
  const screen = useActorRef(correctionScreenMachine, { input: { mine }, inspect: inspection.inspect });
  const form = useSelector(screen, selectForm);
  const tab = useSelector(screen, (s) => s.context.tab);
  const open = useSelector(screen, (s) => s.context.open);
  const sent = useSelector(screen, (s) => s.context.sent);
  const reviewCount = useSelector(review, (s) => s.context.data?.length ?? 0);
  const openRequest = (id: number) => screen.send({ type: 'request.open', id });

  return (
    <div className={styles.page}>
      <PageHeader title="Correction Form" subtitle="Report what went wrong, what it did to the customer, why it happened and how it is put right. Your manager reviews it." />
      <Tabs selectedKey={tab} onSelectionChange={(k) => screen.send({ type: 'tab.select', tab: k as CorrectionTab })}>
        <TabList aria-label="Corrections">
          <Tab id="report">Report</Tab>
          <Tab id="mine">My submissions</Tab>
          <Tab id="review">Review{reviewCount ? ` (${reviewCount})` : ''}</Tab>
        </TabList>
        <TabPanel id="report">
          <CorrectionForm key={sent} form={form} />
        </TabPanel>
        <TabPanel id="mine">
          <SubmissionList actor={mine} label="my corrections" empty="You have not reported a correction yet." appliedLabel={APPLIED} onOpen={openRequest} />
        </TabPanel>
        <TabPanel id="review">
          <SubmissionList actor={review} label="corrections to review" empty="No correction waits for your review." appliedLabel={APPLIED} withRequester onOpen={openRequest} />
        </TabPanel>
      </Tabs>
      <Dialog isOpen={open !== null} onOpenChange={(o) => (o ? undefined : screen.send({ type: 'request.close' }))} title="Correction" size="lg">
        {open !== null ? (
          <Suspense fallback={<SkeletonText lines={4} label="Loading the request" />}>
            <RequestDetail id={open} alsoReload={[review]}>
              {(request) => (request.canResubmit ? <Resubmit key={request.version} request={request} form={form} /> : null)}
            </RequestDetail>
          </Suspense>
        ) : null}
      </Dialog>
    </div>
  );
}

/** A correction sent back: its fields again, to change and submit for review once more. */
function Resubmit({ request, form }: { request: RequestView; form: ActorRefFrom<typeof submitCorrectionMachine> }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div>
        <Button variant="primary" onPress={() => setEditing(true)}>
          Change and resubmit
        </Button>
      </div>
    );
  }
  return <CorrectionForm form={form} initial={draftOf(request)} resubmit={{ id: request.id, version: request.version }} />;
}

/** The report's fields; what was typed stays through a refused send. */
function CorrectionForm({ form, initial = EMPTY, resubmit }: { form: ActorRefFrom<typeof submitCorrectionMachine>; initial?: Draft; resubmit?: { id: number; version: number } }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const submission = (d: Draft) => ({ payload: payloadOf(d), ...(resubmit ? { resubmit } : {}) });
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.send({ type: 'form.change', field });
  };
  const text = (field: 'customerImpact' | 'rootCause' | 'correctiveAction', label: string, description: string) => (
    <TextArea
      label={label}
      isRequired
      value={draft[field]}
      onChange={(v) => change({ [field]: v }, field)}
      onBlur={() => form.send({ type: 'form.blur', field, input: submission(draft) })}
      description={description}
      errorMessage={fields[field]}
      maxLength={CORRECTION_TEXT_MAX}
    />
  );
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        aria-label={resubmit ? 'Change the correction' : 'Report a correction'}
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: submission(draft) });
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        {resubmit ? <Alert tone="info" title="Change what your manager asked for, then submit it again." /> : null}
        <TextField
          label="What went wrong"
          isRequired
          value={draft.summary}
          onChange={(summary) => change({ summary }, 'summary')}
          onBlur={() => form.send({ type: 'form.blur', field: 'summary', input: submission(draft) })}
          description="One line: the title your manager sees."
          errorMessage={fields.summary}
          maxLength={200}
        />
        {text('customerImpact', 'Customer impact', 'Who was affected, and how.')}
        {text('rootCause', 'Root cause', 'Why it happened.')}
        {text('correctiveAction', 'Corrective action', 'What was done, and what stops it happening again.')}
        <div className={styles.pair}>
          <NumberField
            label="Related ticket (optional)"
            value={draft.ticketId ?? NaN}
            minValue={1}
            formatOptions={{ useGrouping: false }}
            onChange={(n) => change({ ticketId: Number.isFinite(n) ? n : null }, 'ticketId')}
            errorMessage={fields.ticketId}
          />
          <Suspense fallback={<SkeletonText lines={1} label="Loading the company picker" />}>
            <CompanyPicker
              label="Related company (optional)"
              placeholder="Search companies"
              value={draft.companyId}
              valueName={draft.companyName ?? undefined}
              onChange={(id, name) => change({ companyId: id, companyName: name }, 'companyId')}
              errorMessage={fields.companyId}
            />
          </Suspense>
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            {resubmit ? 'Submit again' : 'Submit for review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
