/**
 * Reviewing an answer of the public form: add it to the company it names (or another one), make it
 * a new prospect, or discard it. Until then the answer is nobody's contact and no mail reaches it.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PendingHuhyAnswer } from '@contracts/sales';
import { Button, ComboBox, Dialog, FormErrorBanner, Radio, RadioGroup, type Option, type OptionLoader } from '@/shared/ui/components';
import { salesApi } from '../api';
import type { huhyReviewMachine, HuhyReview } from '../machines/sales.machines';
import styles from './sales.module.css';

type Choice = 'match' | 'other' | 'new';

/** Companies whose name or account number holds the text (the first 20). */
const loadCompanies: OptionLoader<Option> = async (text) => (await salesApi.customers({ q: text.trim() || undefined })).slice(0, 20).map((c) => ({ id: c.id, label: c.name, description: c.accountNumber }));

/** The review of one answer: the screen's machine owns its form, and closes it once saved. */
export function HuhyReviewDialog({ answer, review, onClose }: { answer: PendingHuhyAnswer; review: ActorRefFrom<typeof huhyReviewMachine>; onClose: () => void }) {
  const busy = useSelector(review, (s) => s.hasTag('busy'));
  const error = useSelector(review, (s) => s.context.error);
  const fields = useSelector(review, (s) => s.context.fieldErrors);
  const [choice, setChoice] = useState<Choice>(answer.match ? 'match' : 'new');
  const [other, setOther] = useState<number | null>(null);

  const send = (r: HuhyReview) => review.send({ type: 'form.submit', input: r });
  const confirm = () => {
    const companyId = choice === 'match' ? (answer.match?.id ?? null) : choice === 'other' ? (other ?? 0) : null;
    send({ id: answer.id, action: 'confirm', input: { companyId } });
  };
  return (
    <Dialog
      title={`Review the answer from ${answer.name}`}
      description="Confirming makes this person a contact of the company and logs a new lead from the web form."
      isOpen
      onOpenChange={(o) => !o && onClose()}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="danger" isDisabled={busy} onPress={() => send({ id: answer.id, action: 'discard' })}>
            Discard
          </Button>
          <Button variant="primary" isPending={busy} onPress={confirm}>
            Confirm
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <FormErrorBanner title={error ?? undefined} />
        <dl className={styles.facts}>
          <dt>Company typed</dt>
          <dd>{answer.company}</dd>
          <dt>Email</dt>
          <dd>{answer.email}</dd>
          <dt>Channel</dt>
          <dd>{answer.channel}</dd>
          {answer.detail ? (
            <>
              <dt>What they said</dt>
              <dd>{answer.detail}</dd>
            </>
          ) : null}
        </dl>
        <RadioGroup label="Where does this answer belong?" value={choice} onChange={(v) => setChoice(v as Choice)} errorMessage={choice === 'other' ? undefined : fields.companyId}>
          {answer.match ? (
            <Radio value="match" hint={answer.match.status === 'prospect' ? 'An existing prospect' : 'An existing customer: only if this person really works there'}>
              Add to {answer.match.name}
            </Radio>
          ) : null}
          <Radio value="other">Add to another company</Radio>
          <Radio value="new" hint={answer.match ? 'A company of this name exists' : undefined}>
            A new prospect named “{answer.company}”
          </Radio>
        </RadioGroup>
        {choice === 'other' ? (
          <ComboBox<Option>
            label="Company"
            placeholder="Type a name or account number"
            loader={loadCompanies}
            emptyText="No company matches"
            onSelectionChange={(k) => setOther(k === null ? null : Number(k))}
            isRequired
            errorMessage={fields.companyId}
          />
        ) : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
