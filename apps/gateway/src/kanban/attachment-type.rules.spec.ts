import { attachmentType } from './attachment-type.rules';

const bytes = (...values: number[]) => Buffer.from(values);

describe('Kanban attachment types', () => {
  it('accepts allowed types whose content matches their name', () => {
    expect(attachmentType('offer.pdf', Buffer.from('%PDF-1.7\n'))).toEqual({ mime: 'application/pdf' });
    expect(attachmentType('logo.PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({
      mime: 'image/png',
    });
    expect(attachmentType('photo.jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({ mime: 'image/jpeg' });
    expect(attachmentType('sheet.xlsx', bytes(0x50, 0x4b, 0x03, 0x04))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(attachmentType('old.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toEqual({
      mime: 'application/msword',
    });
    expect(attachmentType('clip.mp4', Buffer.from('\0\0\0\x18ftypmp42', 'latin1'))).toEqual({ mime: 'video/mp4' });
    expect(attachmentType('song.mp3', Buffer.from('ID3\x04'))).toEqual({ mime: 'audio/mpeg' });
    expect(attachmentType('voice.wav', Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'))).toEqual({ mime: 'audio/wav' });
    expect(attachmentType('leads.csv', Buffer.from('name;email\nAda;ada@example.com\n'))).toEqual({ mime: 'text/csv' });
  });

  it('refuses other types and content disguised by its name', () => {
    expect(attachmentType('run.exe', bytes(0x4d, 0x5a))).toEqual({ problem: expect.stringContaining('only pdf, doc') });
    expect(attachmentType('noextension', Buffer.from('%PDF-'))).toHaveProperty('problem');
    expect(attachmentType('invoice.pdf', bytes(0x4d, 0x5a, 0x90, 0))).toEqual({
      problem: 'invoice.pdf: the content is not a PDF file',
    });
    expect(attachmentType('data.csv', bytes(0x89, 0x50, 0x4e, 0x47, 0, 0))).toHaveProperty('problem');
    expect(attachmentType('empty.csv', Buffer.alloc(0))).toHaveProperty('problem');
  });
});
