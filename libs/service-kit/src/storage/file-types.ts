import { ATTACHMENT_SIZE_LIMITS, type FileType } from '@parley/contracts';

/** What file type a MIME type counts as, for its size limit. */
export function fileTypeOf(contentType: string): FileType {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'file';
}

export function sizeLimitOf(contentType: string): number {
  return ATTACHMENT_SIZE_LIMITS[fileTypeOf(contentType)];
}

/** The largest file of any type: the most an upload may stream before its type is checked. */
export const LARGEST_ATTACHMENT = Math.max(...Object.values(ATTACHMENT_SIZE_LIMITS));

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
