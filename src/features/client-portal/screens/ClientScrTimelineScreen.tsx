import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { SCR_STATUS_LABELS } from '@contracts/client-portal';
import { clientScrMachine, selectDownloads, selectThumbnailsOf, selectTimeline } from '../machines/client-scr.machine';
import { SCR_STATUS_TONES } from './labels';
import styles from './ClientScrTimeline.module.css';
import { usePageTitle } from '@/shared/page-title';
import { selectViewer } from '@/shared/machines/file-download.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { Alert, AttachmentList, Badge, Card, DateTime, ImageViewer, PageHeader, QueryView, SkeletonCard } from '@/shared/ui/components';

/** /client/software/change/request/:id: where one of the company's change requests stands, stage by stage, with the comments meant for the client. */
export default function ClientScrTimelineScreen() {
  const { id = '' } = useParams<{ id: string }>();
  usePageTitle(`Change request #${id}`);
  const page = useActorRef(clientScrMachine, { input: { id: Number(id) } });
  const timeline = useSelector(page, selectTimeline);
  const downloads = useSelector(page, selectDownloads);
  const thumbnails = useSelector(useSelector(page, selectThumbnailsOf), selectThumbnails);
  const viewer = useSelector(downloads, (s) => (s ? selectViewer(s) : null));
  const file = (f: { id: number; name: string }) => ({ recordId: Number(id), id: f.id, name: f.name });
  return (
    <>
      <ImageViewer image={viewer} onClose={() => downloads?.send({ type: 'file.close' })} onDownload={() => viewer && downloads?.send({ type: 'file.download', file: file(viewer) })} />
      <PageHeader title={`Change request #${id}`} subtitle={<Link href="/software/change/request">All your change requests</Link>} />
      <QueryView actor={timeline} errorFallback="The change request could not be loaded" loading={<SkeletonCard label="Loading the change request" />}>
        {(t) => (
          <div className={styles.page}>
            <p className={styles.now}>
              Now: <Badge tone={SCR_STATUS_TONES[t.status]}>{SCR_STATUS_LABELS[t.status]}</Badge>
            </p>
            {t.status === 'rejected' && t.rejection_reason ? <Alert tone="danger" title="Not going ahead">{t.rejection_reason}</Alert> : null}
            {t.status === 'released' && t.release_note ? <Alert tone="success" title="Released">{t.release_note}</Alert> : null}
            <div className={styles.columns}>
              <Card title="Stages">
                <ol className={styles.timeline} aria-label="Stages">
                  {t.stages.map((s, i) => (
                    <li key={`${s.status}-${i}`}>
                      <Badge tone={SCR_STATUS_TONES[s.status]}>{SCR_STATUS_LABELS[s.status]}</Badge>
                      <DateTime value={s.at} />
                    </li>
                  ))}
                </ol>
              </Card>
              <Card title="Comments">
                {t.comments.length ? (
                  <ol className={styles.timeline} aria-label="Comments">
                    {t.comments.map((c) => (
                      <li key={c.id}>
                        <strong>{c.author}</strong>
                        <DateTime value={c.created_at} />
                        <p className={styles.text}>{c.body}</p>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className={styles.muted}>No comments yet.</p>
                )}
              </Card>
              {t.attachments.length ? (
                <Card title="Files">
                  <AttachmentList
                    files={t.attachments}
                    thumbnails={thumbnails}
                    onDownload={(f) => downloads?.send({ type: 'file.download', file: file(f) })}
                    onView={(f) => downloads?.send({ type: 'file.view', file: file(f) })}
                  />
                </Card>
              ) : null}
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
}
