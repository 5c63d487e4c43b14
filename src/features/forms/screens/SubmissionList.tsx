/**
 * One list of a form's requests (my submissions, what waits for my review) for every form: each
 * row has its title (opening it on the form's screen when the screen offers that), its status, when
 * it was sent and a link to the request's own page.
 */
import { APPROVAL_STATE_LABELS, type ApprovalState, type RequestSummary } from '@contracts/approvals';
import styles from './forms.module.css';
import { Badge, Button, Card, QueryView, RelativeTime, SkeletonText, TextLink, type BadgeTone, type QueryViewActor } from '@/shared/ui/components';

const TONES: Record<ApprovalState, BadgeTone> = {
  draft: 'neutral',
  inReview: 'info',
  changesRequested: 'warning',
  approved: 'success',
  applied: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
  cancelled: 'neutral',
};

export type SubmissionListProps = {
  /** A query actor answering `RequestSummary[]` (my submissions, or what waits for my review). */
  actor: QueryViewActor<RequestSummary[]>;
  /** The list's accessible name, lower case ("my expense claims"). */
  label: string;
  /** What shows when there is nothing. */
  empty: string;
  /** How this form calls a request whose effect was applied ("Approved", "Accepted", "Published"). */
  appliedLabel: string;
  /** Show who sent each request (a review list). */
  withRequester?: boolean;
  /** Opens a request on the form's own screen; without it the title is plain text. */
  onOpen?: (id: number) => void;
};

const sentence = (label: string) => `${label[0]!.toUpperCase()}${label.slice(1)}`;

export function SubmissionList({ actor, label, empty, appliedLabel, withRequester = false, onOpen }: SubmissionListProps) {
  const stateLabel = (r: RequestSummary) => (r.state === 'applied' ? appliedLabel : APPROVAL_STATE_LABELS[r.state]);
  return (
    <Card padding="compact">
      <QueryView actor={actor} loading={<SkeletonText lines={3} label={`Loading ${label}`} />} errorFallback={`${sentence(label)} could not be loaded`} empty={empty}>
        {(rows) => (
          <ul className={styles.list} aria-label={label}>
            {rows.map((r) => (
              <li key={r.id} className={styles.kudo}>
                {onOpen ? (
                  <Button variant="quiet" className={styles.rowButton} onPress={() => onOpen(r.id)}>
                    {r.title}
                  </Button>
                ) : (
                  <span className={styles.who}>{r.title}</span>
                )}
                <span className={styles.meta}>
                  <Badge tone={TONES[r.state]}>{stateLabel(r)}</Badge>
                  {withRequester ? <span>by {r.requester}</span> : null}
                  {r.submittedAt ? <RelativeTime value={r.submittedAt} /> : null}
                  {r.step && r.state === 'inReview' ? <span>{r.step}</span> : null}
                  {r.onBehalfOf ? <span>for {r.onBehalfOf}</span> : null}
                  <TextLink href={`/approvals/requests/${r.id}`} aria-label={`Request #${r.id}: ${r.title}`}>
                    Request #{r.id}
                  </TextLink>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
