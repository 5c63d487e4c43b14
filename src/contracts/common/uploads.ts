/**
 * Files sent with a record (attachments of ticket notes and replies; receipts and change-request
 * evidence later): the limits, the types taken (judged from the bytes, docs/adr/0117) and how an
 * upload request is shaped (docs/adr/0116). Shared by the server, which enforces them, and the
 * browser, which says so before sending.
 */

const MB = 1024 * 1024;

/** The most a file may hold, how many files one note or reply may carry, and the thumbnails' box. */
export const UPLOAD_LIMITS = {
  fileBytes: 10 * MB,
  filesPerNote: 10,
  /** Longest side of a thumbnail, in pixels. */
  thumbnailPixels: 240,
  /** An image with more pixels than this is refused before it is decoded (a decompression bomb). */
  imagePixelsMax: 50_000_000,
} as const;

export { UPLOAD_PARTS } from './upload-parts';

/**
 * The types taken, as detected from a file's first bytes (never its name or the browser's word),
 * each with what people call it. Images are re-encoded (metadata stripped) and shown inline;
 * everything else is only ever downloaded.
 */
export const ACCEPTED_TYPES = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation',
  'application/x-cfb': 'Office 97–2003 document',
  'application/rtf': 'Rich Text document',
  'application/zip': 'ZIP archive',
  'message/rfc822': 'Email message',
  'text/plain': 'Text file',
} as const;
export type AcceptedType = keyof typeof ACCEPTED_TYPES;

/** The images: re-encoded on the way in, shown inline with a thumbnail. */
export const IMAGE_TYPES: readonly AcceptedType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** What a file picker offers (a hint for the browser's dialog; the server judges the bytes). */
export const UPLOAD_ACCEPT = [
  ...IMAGE_TYPES,
  '.pdf', '.docx', '.xlsx', '.pptx', '.odt', '.ods', '.odp', '.doc', '.xls', '.ppt', '.rtf', '.zip', '.eml', '.txt', '.log', '.csv',
].join(',');

/** "10 MB": a size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (MB / 10)) / 10} MB`;
}

/** The messages of the limits, the same words on both sides (an endpoint's own policy names its own limit and types). */
export const UPLOAD_MESSAGES = {
  tooLarge: (name: string, bytes: number = UPLOAD_LIMITS.fileBytes) => `${name} is larger than ${formatBytes(bytes)}`,
  empty: (name: string) => `${name} is empty`,
  tooMany: (name: string, most: number = UPLOAD_LIMITS.filesPerNote) =>
    most === 1 ? `Send one file at a time; ${name} is one too many` : `At most ${most} files can be attached at once; ${name} is one too many`,
  refused: (name: string, type: string) => `${name} is a ${type} file, which cannot be attached; attach images, PDF, office documents, text, email or ZIP files`,
  /** A type the product takes but the endpoint does not (a PDF sent as an avatar). */
  refusedHere: (name: string, type: string, accepts: string) => `${name} is a ${type} file; ${accepts}`,
  unreadableImage: (name: string) => `${name} could not be read as an image`,
} as const;
