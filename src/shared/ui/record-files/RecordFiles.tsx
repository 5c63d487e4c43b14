import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { Attachment } from '@contracts/common/attachments';
import { selectViewer, type FileDownloadActor } from '@/shared/machines/file-download.machine';
import { selectChosenFiles, selectFilesError, type FileListActor } from '@/shared/machines/file-list.machine';
import { selectThumbnails, type ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { AttachmentList, Button, FilePicker, FormActions, ImageViewer } from '@/shared/ui/components';

/** The upload's form (a form machine over the one upload path): busy while it sends, and why it refused. */
export type UploadFormActor = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { hasTag(tag: string): boolean; context: { fieldErrors: Record<string, string>; error: string | null } };
};

/** The list, the picker and the upload button one above the other (the design system's spacing). */
const COLUMN = { display: 'flex', flexDirection: 'column', gap: 'var(--cc-space-3)' } as const;

export type RecordFilesProps = {
  /** The file picker's id (its error is `${pickerId}-error`). */
  pickerId: string;
  /** The record's files. */
  files: readonly Attachment[];
  /** What shows when the record has none. */
  empty: ReactNode;
  /** The shared file machines the record's screen machine owns: the files chosen, the thumbnails, the downloads and viewer, the upload. */
  chosen: FileListActor | undefined;
  thumbnails: ThumbnailsActor | undefined;
  downloads: FileDownloadActor | undefined;
  upload: UploadFormActor;
  /** The upload button's words for this many files. */
  attachLabel: (count: number) => string;
  attachVariant?: 'primary' | 'secondary';
  onUpload: (files: readonly File[]) => void;
  onDownload: (file: { id: number; name: string }) => void;
  onView: (file: { id: number; name: string }) => void;
  onCloseViewer: () => void;
};

/**
 * A record's files, the same on every screen that keeps them (a change request's attachments, a QA
 * item's evidence): the list with thumbnails, the image viewer, the files chosen and their upload.
 * What is fetched (the thumbnails of the images) is the screen machine's decision, made on load.
 */
export function RecordFiles({ pickerId, files, empty, chosen, thumbnails, downloads, upload, attachLabel, attachVariant = 'primary', onUpload, onDownload, onView, onCloseViewer }: RecordFilesProps) {
  const picked = useSelector(chosen, selectChosenFiles);
  const pickedError = useSelector(chosen, selectFilesError);
  const busy = useSelector(upload, (s) => s.hasTag('busy'));
  const refused = useSelector(upload, (s) => s.context.fieldErrors.files ?? s.context.error);
  const urls = useSelector(thumbnails, selectThumbnails);
  const viewer = useSelector(downloads, (s) => (s ? selectViewer(s) : null));
  return (
    <div style={COLUMN}>
      {files.length ? <AttachmentList files={files} thumbnails={urls} onDownload={onDownload} onView={onView} /> : empty}
      <FilePicker
        id={pickerId}
        files={picked}
        error={pickedError ?? refused}
        onAdd={(added) => chosen?.send({ type: 'files.add', files: added })}
        onRemove={(index) => chosen?.send({ type: 'files.remove', index })}
        isDisabled={busy}
      />
      {picked.length ? (
        <FormActions>
          <Button variant={attachVariant} isPending={busy} onPress={() => onUpload(picked)}>
            {attachLabel(picked.length)}
          </Button>
        </FormActions>
      ) : null}
      <ImageViewer image={viewer} onClose={onCloseViewer} onDownload={() => viewer && onDownload(viewer)} />
    </div>
  );
}
