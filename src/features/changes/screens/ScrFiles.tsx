import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ChangeView } from '@contracts/changes';
import type { scrScreenMachine } from '../machines/scr-screen.machine';
import { selectAttachForm, selectDownloads, selectFiles, selectThumbnailsOf } from '../machines/scr-screen.machine';
import styles from './changes.module.css';
import { selectViewer } from '@/shared/machines/file-download.machine';
import { selectChosenFiles, selectFilesError } from '@/shared/machines/file-list.machine';
import { selectThumbnails } from '@/shared/machines/thumbnails.machine';
import { AttachmentList, Button, Card, FilePicker, ImageViewer } from '@/shared/ui/components';

/** The SCR's files (the client's company sees them too): the list with thumbnails, and files to attach. */
export function ScrFiles({ scr, screen }: { scr: ChangeView; screen: ActorRefFrom<typeof scrScreenMachine> }) {
  const filesActor = useSelector(screen, selectFiles);
  const chosen = useSelector(filesActor, selectChosenFiles);
  const chosenError = useSelector(filesActor, selectFilesError);
  const form = useSelector(screen, selectAttachForm);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const refused = useSelector(form, (s) => s.context.fieldErrors.files ?? s.context.error);
  const thumbnails = useSelector(useSelector(screen, selectThumbnailsOf), selectThumbnails);
  const viewer = useSelector(useSelector(screen, selectDownloads), selectViewer);
  const images = scr.attachments.filter((a) => a.image).map((a) => a.id).join(',');
  useEffect(() => {
    if (images) screen.send({ type: 'files.seen', id: scr.id, images: images.split(',').map(Number) });
  }, [screen, scr.id, images]);
  const download = (file: { id: number; name: string }) => screen.send({ type: 'attachment.download', id: scr.id, file });
  return (
    <Card title="Attachments" headingLevel={2}>
      <div className={styles.files}>
      {scr.attachments.length ? (
        <AttachmentList files={scr.attachments} thumbnails={thumbnails} onDownload={download} onView={(file) => screen.send({ type: 'attachment.view', id: scr.id, file })} />
      ) : (
        <p className={styles.muted}>No files yet. The client’s company sees the files attached here.</p>
      )}
      <FilePicker
        id={`scr-${scr.id}-files`}
        files={chosen}
        error={chosenError ?? refused}
        onAdd={(files) => filesActor?.send({ type: 'files.add', files })}
        onRemove={(index) => filesActor?.send({ type: 'files.remove', index })}
        isDisabled={busy}
      />
      {chosen.length ? (
        <div className={styles.actions}>
          <Button variant="primary" isPending={busy} onPress={() => screen.send({ type: 'files.upload', id: scr.id, files: chosen })}>
            {chosen.length === 1 ? 'Attach the file' : `Attach ${chosen.length} files`}
          </Button>
        </div>
      ) : null}
      </div>
      <ImageViewer image={viewer} onClose={() => screen.send({ type: 'attachment.close' })} onDownload={() => viewer && download(viewer)} />
    </Card>
  );
}
