/**
 * Files in the kit: `FilePicker` (choose or drop files for a note or a reply, see the list with
 * sizes, remove one before sending, the reason beside it when a file is refused) and
 * `AttachmentList` (the files under a note: an icon or thumbnail, the name as a button that opens
 * an image or downloads any other file, the size) and `ImageViewer` (an opened image, full size).
 * They show and report; the screen's machine holds the files and fetches them.
 */
import { DropZone, FileTrigger, Text } from 'react-aria-components';
import { formatBytes, UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@contracts/common/uploads';
import { Button, IconButton } from '../button/Button';
import { Dialog } from '../dialog/Dialog';
import { FieldError } from '../field/parts';
import { CloseIcon } from '../icons';
import { Spinner } from '../spinner/Spinner';
import styles from './Files.module.css';

/** What a listed file shows: its name, size and whether it is an image. */
export type ListedFile = { id: number; name: string; size_bytes: number; mime_type: string; image: boolean };

/** A paper-clip glyph for a file that is not an image. */
function FileGlyph({ image }: { image: boolean }) {
  return (
    <svg className={styles.glyph} width={16} height={16} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {image ? (
        <>
          <rect x="2.5" y="3" width="11" height="10" rx="1.5" />
          <path d="M2.5 11l3-3 2.5 2.5L10 8.5l3.5 3.5" />
          <circle cx="10.5" cy="5.8" r="1" />
        </>
      ) : (
        <path d="M10.5 5.5l-4.3 4.3a1.3 1.3 0 0 0 1.8 1.8l4.6-4.6a2.6 2.6 0 0 0-3.7-3.7L4.3 8a3.9 3.9 0 0 0 5.5 5.5l3.2-3.2" />
      )}
    </svg>
  );
}

export type FilePickerProps = {
  /** The control's id: its error is `${id}-error`. */
  id: string;
  files: readonly File[];
  /** Why chosen files were kept out, or the server's refusal; beside the control. */
  error?: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  isDisabled?: boolean;
};

export function FilePicker({ id, files, error, onAdd, onRemove, isDisabled }: FilePickerProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.picker} data-testid="file-picker">
      <DropZone
        className={({ isDropTarget }) => `${styles.zone} ${isDropTarget ? styles.target : ''}`}
        aria-label="Attachments: drop files here"
        isDisabled={isDisabled}
        getDropOperation={() => 'copy'}
        onDrop={async (e) => {
          const dropped = await Promise.all(e.items.flatMap((item) => (item.kind === 'file' ? [item.getFile()] : [])));
          if (dropped.length) onAdd(dropped);
        }}
      >
        <FileTrigger allowsMultiple acceptedFileTypes={UPLOAD_ACCEPT.split(',')} onSelect={(list) => list && onAdd([...list])}>
          <Button size="sm" isDisabled={isDisabled} aria-describedby={`${id}-hint ${error ? errorId : ''}`.trim()}>
            Attach files
          </Button>
        </FileTrigger>
        <Text slot="label" id={`${id}-hint`} className={styles.hint}>
          or drop them here · up to {UPLOAD_LIMITS.filesPerNote} files, {formatBytes(UPLOAD_LIMITS.fileBytes)} each
        </Text>
      </DropZone>
      {files.length ? (
        <ul className={styles.list} aria-label="Files to attach">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.item}>
              <FileGlyph image={file.type.startsWith('image/')} />
              <span className={styles.name}>{file.name}</span>
              <span className={styles.size}>{formatBytes(file.size)}</span>
              <IconButton size="sm" aria-label={`Remove ${file.name}`} onPress={() => onRemove(index)} isDisabled={isDisabled}>
                <CloseIcon size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}

export type AttachmentListProps = {
  files: readonly ListedFile[];
  /** Asked to download (the screen's machine fetches and offers the file). */
  onDownload: (file: ListedFile) => void;
  /** Asked to open an image in the viewer; without it images download like other files. */
  onView?: (file: ListedFile) => void;
  /**
   * Object URLs of thumbnails already fetched, by file id. Given, the list shows images as
   * thumbnails: each image has its thumbnail's box from the first paint (its icon in it until the
   * thumbnail arrives, or when it cannot be fetched), so nothing moves when thumbnails arrive.
   */
  thumbnails?: Readonly<Record<number, string>>;
};

export function AttachmentList({ files, onDownload, onView, thumbnails }: AttachmentListProps) {
  if (!files.length) return null;
  return (
    <ul className={styles.attachments} aria-label="Attachments">
      {files.map((file) => {
        const opens = file.image && onView;
        const label = `${opens ? 'Open' : 'Download'} ${file.name} (${formatBytes(file.size_bytes)})`;
        const press = () => (opens ? onView(file) : onDownload(file));
        const thumbnail = thumbnails?.[file.id];
        return (
          <li key={file.id} className={styles.attachment}>
            {opens && thumbnails ? (
              // The thumbnail opens the image too; the name's button is the one keyboard and screen readers use.
              <button type="button" tabIndex={-1} aria-hidden="true" className={styles.thumbButton} onClick={press}>
                {thumbnail ? (
                  // The whole picture in a 120×80 box (Files.module.css .thumb); the server's thumbnail is twice that, sharp on dense screens.
                  <img className={styles.thumb} src={thumbnail} alt="" width={120} height={80} />
                ) : (
                  <span className={`${styles.thumb} ${styles.thumbSlot}`}>
                    <FileGlyph image />
                  </span>
                )}
              </button>
            ) : (
              <FileGlyph image={file.image} />
            )}
            <button type="button" className={styles.link} onClick={press} aria-label={label}>
              {file.name}
            </button>
            <span className={styles.size}>{formatBytes(file.size_bytes)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export type ImageViewerProps = {
  /** The image open (its name, and its object URL once fetched); null when closed. */
  image: { name: string; url: string | null } | null;
  onClose: () => void;
  /** Saves the image (the bytes already fetched). */
  onDownload: () => void;
};

/**
 * An attachment's image at full size in a dialog: Escape, the × or a click outside closes it and
 * focus returns to the button that opened it; a spinner while the image is fetched.
 */
export function ImageViewer({ image, onClose, onDownload }: ImageViewerProps) {
  return (
    <Dialog
      isOpen={image !== null}
      onOpenChange={(open) => !open && onClose()}
      size="wide"
      title={<span className={styles.viewerTitle}>{image?.name}</span>}
      className={styles.viewer}
      footer={
        <Button size="sm" onPress={onDownload} isDisabled={!image?.url}>
          Download
        </Button>
      }
    >
      <div className={styles.stage}>
        {image?.url ? <img className={styles.full} src={image.url} alt={image.name} /> : <Spinner label={`Opening ${image?.name ?? 'the image'}`} />}
      </div>
    </Dialog>
  );
}
