/** The file types a Kanban attachment may have (the contract's list), by extension, with the MIME type recorded. */
const TYPES = {
  pdf: { mime: 'application/pdf', kind: 'pdf' },
  doc: { mime: 'application/msword', kind: 'ole' },
  xls: { mime: 'application/vnd.ms-excel', kind: 'ole' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'zip' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'zip' },
  csv: { mime: 'text/csv', kind: 'text' },
  png: { mime: 'image/png', kind: 'png' },
  jpg: { mime: 'image/jpeg', kind: 'jpeg' },
  jpeg: { mime: 'image/jpeg', kind: 'jpeg' },
  mp4: { mime: 'video/mp4', kind: 'mp4' },
  mp3: { mime: 'audio/mpeg', kind: 'mp3' },
  wav: { mime: 'audio/wav', kind: 'wav' },
} as const;

type Kind = (typeof TYPES)[keyof typeof TYPES]['kind'];

/** How many leading bytes the content check needs. */
export const SNIFF_BYTES = 16;

export const ALLOWED_EXTENSIONS = Object.keys(TYPES);

const startsWith = (bytes: Buffer, ...expected: number[]) => expected.every((byte, index) => bytes[index] === byte);
const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.subarray(at, at + text.length).toString('latin1') === text;

/** What the leading bytes say the content is. */
function contentIs(kind: Kind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return ascii(head, 0, '%PDF-');
    case 'ole':
      return startsWith(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    case 'zip':
      return startsWith(head, 0x50, 0x4b, 0x03, 0x04);
    case 'png':
      return startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'jpeg':
      return startsWith(head, 0xff, 0xd8, 0xff);
    case 'mp4':
      return ascii(head, 4, 'ftyp');
    case 'mp3':
      return ascii(head, 0, 'ID3') || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0);
    case 'wav':
      return ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE');
    case 'text':
      // Text: some bytes, none of them NUL or other binary controls.
      return head.length > 0 && !head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b));
  }
}

/**
 * The MIME type of a file named `name` whose content starts with `head`, or why it is refused:
 * the extension must be one of the allowed types and the content must be that type (a file
 * whose name lies about its content is refused).
 */
export function attachmentType(name: string, head: Buffer): { mime: string } | { problem: string } {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const type = (TYPES as Record<string, { mime: string; kind: Kind }>)[extension];
  if (!type) return { problem: `${name}: only ${ALLOWED_EXTENSIONS.join(', ')} files are accepted` };
  if (!contentIs(type.kind, head)) return { problem: `${name}: the content is not a ${extension.toUpperCase()} file` };
  return { mime: type.mime };
}
