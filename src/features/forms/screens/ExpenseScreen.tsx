import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useContext } from 'react';
import type { RequestView } from '@contracts/approvals';
import { formatBytes, UPLOAD_ACCEPT } from '@contracts/common/uploads';
import {
  EXPENSE_CURRENCIES,
  EXPENSE_KIND_LABELS,
  EXPENSE_KINDS,
  EXPENSE_LIMITS,
  HOME_CURRENCY,
  RATE_SCALE,
  RECEIPT_MISSING,
  claimTotal,
  missesReceipt,
  priceLine,
  type ExpenseCurrency,
  type ExpenseKind,
  type ExpenseRate,
  type LinePrice,
} from '@contracts/expenses';
import { formatMoney } from '@contracts/quote-money';
import { claimPdfMachine, expenseRatesMachine, expensesCsvMachine, mySubmissionsMachine, toReviewMachine } from '../machines/forms.machines';
import { expenseScreenMachine, payloadOf, selectExpenseForm, selectThumbnailsActor, type ExpenseDraft, type ExpenseScreenActor, type ExpenseTab, type LineDraft } from '../machines/expense-screen.machine';
import styles from './forms.module.css';
import { SubmissionList } from './SubmissionList';
import { RequestDetail } from '@/features/approvals';
import { inspection } from '@/shared/inspection';
import { StaffRoleContext } from '@/shared/session/role';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { CompanyPicker } from '@/shared/pickers';
import { Alert, Button, Card, Checkbox, DatePicker, Dialog, FieldError, FormErrorBanner, NumberField, PageHeader, QueryView, Select, SkeletonText, Tab, TabList, TabPanel, Tabs, TextField } from '@/shared/ui/components';
import { FileTrigger } from 'react-aria-components';

/** The rates as admins keep them (docs/adr/0230): loaded only when an admin opens its tab. */
const ExpenseRatesAdmin = lazy(() => import('./ExpenseRatesAdmin'));

const KIND_OPTIONS = EXPENSE_KINDS.map((k) => ({ id: k, label: EXPENSE_KIND_LABELS[k] }));
const CURRENCY_OPTIONS = EXPENSE_CURRENCIES.map((c) => ({ id: c, label: c }));
const RECEIPT_ACCEPT = UPLOAD_ACCEPT.split(',').filter((t) => t.startsWith('image/') || t === '.pdf');

/** An applied claim (its lines written, billed) reads as approved. */
const APPLIED = 'Approved';
const rateText = (p: LinePrice, kind: ExpenseKind, currency: ExpenseCurrency) =>
  kind === 'mileage' ? `${formatMoney(Math.round(p.rateMicros / 10_000))} a mile from ${p.rateDay}` : currency === HOME_CURRENCY ? null : `1 ${currency} = ${p.rateMicros / RATE_SCALE} ${HOME_CURRENCY} from ${p.rateDay}`;

/** Each line's price with the rates shown (null while a line lacks its day, or no rate is in force). */
function pricesOf(draft: ExpenseDraft, rates: readonly ExpenseRate[]): (LinePrice | null)[] {
  const payload = payloadOf(draft);
  return payload.lines.map((l) => (l.date ? priceLine({ kind: l.kind, date: l.date, amountCents: l.amountCents ?? 0, currency: l.currency ?? HOME_CURRENCY, distanceHundredths: l.distanceHundredths ?? 0 }, rates) : null));
}

/** Lines of this claim with the same amount, day and merchant as another one (flagged while typing). */
function sameAsAnother(draft: ExpenseDraft, index: number): number | null {
  const l = draft.lines[index]!;
  if (l.kind === 'mileage' || !l.amount || !l.merchant.trim()) return null;
  const at = draft.lines.findIndex((o, j) => j !== index && o.kind !== 'mileage' && o.date === l.date && o.amount === l.amount && o.currency === l.currency && o.merchant.trim().toLowerCase() === l.merchant.trim().toLowerCase());
  return at < 0 ? null : at + 1;
}

/** /forms/travel/expense: a trip and its lines with receipts, priced at the rate of each day; the manager reviews it. */
export default function ExpenseScreen() {
  const mine = useActorRef(mySubmissionsMachine, { input: { query: 'expense' }, inspect: inspection.inspect });
  const review = useActorRef(toReviewMachine, { input: { query: 'expense' }, inspect: inspection.inspect });
  const rates = useActorRef(expenseRatesMachine, { input: {}, inspect: inspection.inspect });
  const screen = useActorRef(expenseScreenMachine, { input: { mine }, inspect: inspection.inspect });
  const tab = useSelector(screen, (s) => s.context.tab);
  const open = useSelector(screen, (s) => s.context.open);
  const reviewCount = useSelector(review, (s) => s.context.data?.length ?? 0);
  const resubmitting = useSelector(screen, (s) => s.context.resubmit?.id ?? null);
  const openRequest = (id: number) => screen.send({ type: 'request.open', id });
  const admin = useContext(StaffRoleContext) === 'admin';

  return (
    <div className={styles.page}>
      <PageHeader title="Travel Expense" subtitle={`Claim a trip's mileage, meals, lodging and other costs, with a receipt for each line over ${formatMoney(7_500)}. Your manager reviews it.`} />
      <Tabs selectedKey={tab} onSelectionChange={(k) => screen.send({ type: 'tab.select', tab: k as ExpenseTab })}>
        <TabList aria-label="Travel expenses">
          <Tab id="new">{resubmitting === null ? 'New' : `Change claim #${resubmitting}`}</Tab>
          <Tab id="mine">My submissions</Tab>
          <Tab id="review">Review{reviewCount ? ` (${reviewCount})` : ''}</Tab>
          {admin ? <Tab id="rates">Rates</Tab> : null}
        </TabList>
        <TabPanel id="new">
          <QueryView actor={rates} loading={<SkeletonText lines={4} label="Loading the rates" />} errorFallback="The exchange and mileage rates could not be loaded">
            {(loaded) => <ExpenseForm screen={screen} rates={loaded} />}
          </QueryView>
        </TabPanel>
        <TabPanel id="mine">
          <div className={styles.form}>
            <SubmissionList actor={mine} label="my expense claims" empty="You have not claimed a trip yet." appliedLabel={APPLIED} onOpen={openRequest} />
            <CsvExport />
          </div>
        </TabPanel>
        <TabPanel id="review">
          <SubmissionList actor={review} label="expense claims to review" empty="No expense claim waits for your review." appliedLabel={APPLIED} withRequester onOpen={openRequest} />
        </TabPanel>
        {admin ? (
          <TabPanel id="rates">
            <Suspense fallback={<SkeletonText lines={4} label="Loading the rates" />}>
              <ExpenseRatesAdmin formRates={rates} />
            </Suspense>
          </TabPanel>
        ) : null}
      </Tabs>
      <Dialog isOpen={open !== null} onOpenChange={(o) => (o ? undefined : screen.send({ type: 'request.close' }))} title="Travel expense claim" size="lg">
        {open !== null ? (
          <Suspense fallback={<SkeletonText lines={4} label="Loading the claim" />}>
            <RequestDetail id={open} alsoReload={[review, mine]}>
              {(request) => <ClaimActions request={request} screen={screen} />}
            </RequestDetail>
          </Suspense>
        ) : null}
      </Dialog>
    </div>
  );
}

/** An approved claim offers its PDF; a claim sent back can be changed and sent again (the lines themselves are in the request's details above). */
function ClaimActions({ request, screen }: { request: RequestView; screen: ExpenseScreenActor }) {
  if (request.canResubmit) {
    return (
      <div className={styles.actions}>
        <Button variant="primary" onPress={() => screen.send({ type: 'claim.edit', request })}>
          Change and send again
        </Button>
      </div>
    );
  }
  return request.state === 'applied' ? <PdfLink id={request.id} /> : null;
}

const PDF_NOTICES: SubmitNotices<number, void> = { failed: 'The claim PDF could not be made' };
const CSV_NOTICES: SubmitNotices<null, void> = { failed: 'The approved claims could not be exported' };

/** An approved claim's PDF, with its receipts as thumbnails. */
function PdfLink({ id }: { id: number }) {
  const pdf = useActorRef(claimPdfMachine, { input: { notices: PDF_NOTICES }, inspect: inspection.inspect });
  const busy = useSelector(pdf, (s) => s.hasTag('busy'));
  return (
    <div className={styles.actions}>
      <Button variant="secondary" isPending={busy} onPress={() => pdf.send({ type: 'form.submit', input: id })}>
        Download PDF
      </Button>
    </div>
  );
}

/** The approved claims I may see, as CSV. */
function CsvExport() {
  const csv = useActorRef(expensesCsvMachine, { input: { notices: CSV_NOTICES }, inspect: inspection.inspect });
  const busy = useSelector(csv, (s) => s.hasTag('busy'));
  return (
    <div className={styles.actions}>
      <Button variant="secondary" isPending={busy} onPress={() => csv.send({ type: 'form.submit', input: null })}>
        Export approved claims (CSV)
      </Button>
    </div>
  );
}

function ExpenseForm({ screen, rates }: { screen: ExpenseScreenActor; rates: readonly ExpenseRate[] }) {
  const form = useSelector(screen, selectExpenseForm);
  const draft = useSelector(screen, (s) => s.context.draft);
  const resubmit = useSelector(screen, (s) => s.context.resubmit);
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const prices = pricesOf(draft, rates);
  const priced = prices.filter((p): p is LinePrice => p !== null);
  const submission = () => ({ payload: payloadOf(draft), rates, ...(resubmit ? { resubmit: { id: resubmit.id, version: resubmit.version } } : {}) });
  const trip = (patch: Partial<ExpenseDraft>, field: string) => {
    screen.send({ type: 'trip.change', patch });
    form.send({ type: 'form.change', field });
  };
  const blur = (field: string) => form.send({ type: 'form.blur', field, input: submission() });
  return (
    <Card padding="compact">
      <form
        className={styles.form}
        noValidate
        aria-label={resubmit ? 'Change the travel expense claim' : 'New travel expense claim'}
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: submission() });
        }}
      >
        <FormErrorBanner title={error ?? undefined} errors={[]} />
        {resubmit ? (
          <Alert tone="warning" title={`Claim #${resubmit.id} was sent back: change what your manager asked for, then send it again.`}>
            {resubmit.asked ?? undefined}
          </Alert>
        ) : null}
        <div className={styles.pair}>
          <TextField label="Purpose" isRequired value={draft.purpose} onChange={(purpose) => trip({ purpose }, 'purpose')} onBlur={() => blur('purpose')} description="What the trip was for: the title your manager sees." errorMessage={fields.purpose} maxLength={EXPENSE_LIMITS.purposeMax} />
          <TextField label="Destination" isRequired value={draft.destination} onChange={(destination) => trip({ destination }, 'destination')} onBlur={() => blur('destination')} errorMessage={fields.destination} maxLength={EXPENSE_LIMITS.destinationMax} />
        </div>
        <div className={styles.pair}>
          <DatePicker label="First day" isRequired value={draft.startDate || null} onChange={(v) => trip({ startDate: v ?? '' }, 'startDate')} errorMessage={fields.startDate} />
          <DatePicker label="Last day" isRequired value={draft.endDate || null} onChange={(v) => trip({ endDate: v ?? '' }, 'endDate')} errorMessage={fields.endDate} />
        </div>
        <div className={styles.pair}>
          <Suspense fallback={<SkeletonText lines={1} label="Loading the company picker" />}>
            <CompanyPicker
              label="Company (optional)"
              placeholder="Search companies"
              description="Who the trip was for; billable lines go on a draft quote for them."
              value={draft.companyId}
              valueName={draft.companyName ?? undefined}
              onChange={(companyId, companyName) => trip({ companyId, companyName }, 'companyId')}
              errorMessage={fields.companyId}
            />
          </Suspense>
          <NumberField label="Ticket (optional)" value={draft.ticketId ?? NaN} minValue={1} formatOptions={{ useGrouping: false }} onChange={(n) => trip({ ticketId: Number.isFinite(n) ? n : null }, 'ticketId')} errorMessage={fields.ticketId} />
        </div>
        <h2 className={styles.subheading}>Lines</h2>
        {fields.lines ? <FieldError id="expense-lines-error" message={fields.lines} /> : null}
        <ol className={styles.lineList} aria-label="Expense lines">
          {draft.lines.map((l, i) => (
            <LineEditor key={l.key} screen={screen} form={form} line={l} index={i} price={prices[i] ?? null} fields={fields} canRemove={draft.lines.length > 1} sameAs={sameAsAnother(draft, i)} onBlur={blur} />
          ))}
        </ol>
        <div className={styles.actions}>
          <Button onPress={() => screen.send({ type: 'line.add' })}>Add a line</Button>
          <span className={styles.total} aria-live="polite">
            Total {formatMoney(claimTotal(priced))} {HOME_CURRENCY}
          </span>
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={busy}>
            {resubmit ? 'Send again' : 'Submit for review'}
          </Button>
          {resubmit ? <Button onPress={() => screen.send({ type: 'claim.fresh' })}>Start a new claim instead</Button> : null}
        </div>
      </form>
    </Card>
  );
}

type LineEditorProps = {
  screen: ExpenseScreenActor;
  form: ReturnType<typeof selectExpenseForm>;
  line: LineDraft;
  index: number;
  price: LinePrice | null;
  fields: Record<string, string>;
  canRemove: boolean;
  sameAs: number | null;
  onBlur: (field: string) => void;
};

function LineEditor({ screen, form, line, index, price, fields, canRemove, sameAs, onBlur }: LineEditorProps) {
  const receipts = useSelector(screen, (s) => s.context.receipts);
  const uploading = useSelector(screen, (s) => s.context.uploading === line.key);
  const uploadError = useSelector(screen, (s) => s.context.uploadErrors[line.key] ?? null);
  const thumbnails = useSelector(useSelector(screen, selectThumbnailsActor), selectThumbnails);
  const at = (field: string) => `lines.${index}.${field}`;
  const set = (patch: LineEditorPatch, field: string) => {
    screen.send({ type: 'line.change', key: line.key, patch });
    form.send({ type: 'form.change', field: at(field) });
  };
  const mileage = line.kind === 'mileage';
  const needsReceipt = price !== null && missesReceipt({ kind: line.kind, receiptIds: line.receiptIds }, price.homeCents);
  const rate = price ? rateText(price, line.kind, line.currency) : null;
  return (
    <li className={styles.line}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Line {index + 1}</legend>
        <div className={styles.lineGrid}>
          <Select label="Kind" items={KIND_OPTIONS} value={line.kind} onChange={(k) => k && set({ kind: k as ExpenseKind }, 'kind')} errorMessage={fields[at('kind')]} />
          <DatePicker label="Day" isRequired value={line.date || null} onChange={(v) => set({ date: v ?? '' }, 'date')} errorMessage={fields[at('date')]} />
          {mileage ? (
            <>
              <TextField label="Where you drove" isRequired value={line.description} onChange={(description) => set({ description }, 'description')} onBlur={() => onBlur(at('description'))} errorMessage={fields[at('description')]} maxLength={EXPENSE_LIMITS.descriptionMax} />
              <TextField label="Miles" isRequired inputMode="decimal" value={line.distance} onChange={(distance) => set({ distance }, 'distanceHundredths')} onBlur={() => onBlur(at('distanceHundredths'))} errorMessage={fields[at('distanceHundredths')]} />
            </>
          ) : (
            <>
              <TextField label="Merchant" isRequired value={line.merchant} onChange={(merchant) => set({ merchant }, 'merchant')} onBlur={() => onBlur(at('merchant'))} errorMessage={fields[at('merchant')]} maxLength={EXPENSE_LIMITS.merchantMax} />
              <TextField label="Description" value={line.description} onChange={(description) => set({ description }, 'description')} maxLength={EXPENSE_LIMITS.descriptionMax} />
              <TextField label="Amount" isRequired inputMode="decimal" value={line.amount} onChange={(amount) => set({ amount }, 'amountCents')} onBlur={() => onBlur(at('amountCents'))} errorMessage={fields[at('amountCents')]} />
              <Select label="Currency" items={CURRENCY_OPTIONS} value={line.currency} onChange={(c) => c && set({ currency: c as ExpenseCurrency }, 'currency')} errorMessage={fields[at('currency')]} />
            </>
          )}
        </div>
        <p className={styles.price} aria-live="polite">
          {price ? (
            <>
              <strong>
                {formatMoney(price.homeCents)} {HOME_CURRENCY}
              </strong>
              {rate ? <span className={styles.metaInline}> at {rate}</span> : null}
            </>
          ) : line.date ? (
            <span className={styles.metaInline}>No rate is in force on this day.</span>
          ) : null}
        </p>
        <Checkbox isSelected={line.billable} onChange={(billable) => set({ billable }, 'billable')}>
          Billable to the company
        </Checkbox>
        {fields[at('billable')] ? <FieldError id={`line-${line.key}-billable-error`} message={fields[at('billable')]} /> : null}
        <div className={styles.receipts}>
          <ul className={styles.receiptList} aria-label={`Receipts of line ${index + 1}`}>
            {line.receiptIds.map((id) => {
              const r = receipts[id];
              return (
                <li key={id} className={styles.receipt}>
                  {thumbnails[id] ? <img src={thumbnails[id]} alt="" width={40} height={40} className={styles.thumb} /> : <span className={styles.glyph} aria-hidden="true">{r?.image ? 'IMG' : 'PDF'}</span>}
                  <span className={styles.receiptName}>{r?.name ?? `Receipt ${id}`}</span>
                  {r ? <span className={styles.metaInline}>{formatBytes(r.size_bytes)}</span> : null}
                  <Button size="sm" variant="quiet" aria-label={`Remove ${r?.name ?? `receipt ${id}`}`} onPress={() => screen.send({ type: 'receipt.remove', key: line.key, id })}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <FileTrigger allowsMultiple acceptedFileTypes={RECEIPT_ACCEPT} onSelect={(list) => list && screen.send({ type: 'receipts.add', key: line.key, files: [...list] })}>
            <Button size="sm" isPending={uploading} aria-label={`Attach receipts to line ${index + 1}`}>
              Attach receipts
            </Button>
          </FileTrigger>
          {uploadError ? <FieldError id={`line-${line.key}-upload-error`} message={uploadError} /> : null}
          {fields[at('receiptIds')] ? <FieldError id={`line-${line.key}-receipts-error`} message={fields[at('receiptIds')]} /> : needsReceipt ? <Alert tone="warning" title={RECEIPT_MISSING} /> : null}
          {sameAs !== null ? <Alert tone="info" title={`Same amount, day and merchant as line ${sameAs}: your manager will see it flagged.`} /> : null}
        </div>
        {canRemove ? (
          <div className={styles.actions}>
            <Button size="sm" variant="quiet" onPress={() => screen.send({ type: 'line.remove', key: line.key })}>
              Remove line {index + 1}
            </Button>
          </div>
        ) : null}
      </fieldset>
    </li>
  );
}

type LineEditorPatch = Partial<Omit<LineDraft, 'key' | 'receiptIds'>>;
