import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ChangeView } from '@contracts/changes';
import type { scrScreenMachine } from '../machines/scr-screen.machine';
import { selectAttachForm, selectDownloads, selectFiles, selectThumbnailsOf } from '../machines/scr-screen.machine';
import styles from './changes.module.css';
import { RecordFiles } from '@/shared/ui/record-files/RecordFiles';
import { Card } from '@/shared/ui/components';

/** The SCR's files (the client's company sees them too): the list with thumbnails, and files to attach. */
export function ScrFiles({ scr, screen }: { scr: ChangeView; screen: ActorRefFrom<typeof scrScreenMachine> }) {
  const chosen = useSelector(screen, selectFiles);
  const upload = useSelector(screen, selectAttachForm);
  const thumbnails = useSelector(screen, selectThumbnailsOf);
  const downloads = useSelector(screen, selectDownloads);
  return (
    <Card title="Attachments" headingLevel={2}>
      <RecordFiles
        pickerId={`scr-${scr.id}-files`}
        files={scr.attachments}
        empty={<p className={styles.muted}>No files yet. The client’s company sees the files attached here.</p>}
        chosen={chosen}
        thumbnails={thumbnails}
        downloads={downloads}
        upload={upload}
        attachLabel={(n) => (n === 1 ? 'Attach the file' : `Attach ${n} files`)}
        onUpload={(files) => screen.send({ type: 'files.upload', id: scr.id, files })}
        onDownload={(file) => screen.send({ type: 'attachment.download', id: scr.id, file })}
        onView={(file) => screen.send({ type: 'attachment.view', id: scr.id, file })}
        onCloseViewer={() => screen.send({ type: 'attachment.close' })}
      />
    </Card>
  );
}
