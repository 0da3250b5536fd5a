import { parse } from 'csv-parse/sync';
import { CsvRecordCounter } from './csv-record-count.rules';

/** What the import's parser yields for `text`: the number of data rows. */
function parsedRows(text: string): number {
  return parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: false, relax_column_count: true })
    .length;
}

function counted(text: string, chunkSize = Infinity): number | null {
  const counter = new CsvRecordCounter();
  const bytes = Buffer.from(text);
  const size = Number.isFinite(chunkSize) ? chunkSize : bytes.length || 1;
  for (let start = 0; start < bytes.length; start += size) counter.push(bytes.subarray(start, start + size));
  return counter.count();
}

describe('CsvRecordCounter', () => {
  it('counts the rows under the header, skipping empty lines, whatever the line ending', () => {
    expect(counted('name,email\nAna,a@x\n\nBo,b@x\n')).toBe(2);
    expect(counted('name,email\r\nAna,a@x\r\n\r\nBo,b@x')).toBe(2);
    expect(counted('name,email\rAna,a@x\rBo,b@x\r')).toBe(2);
    expect(counted('\ufeffname\nAna\n')).toBe(1);
    expect(counted('name\n')).toBe(0);
    expect(counted('')).toBe(0);
  });

  it('takes the first line ending as the delimiter: other line breaks are content', () => {
    expect(counted('a,b\r\n1,2\n3,4\r\n')).toBe(1);
    expect(counted('a,b\n1,2\r\n3,4\n')).toBe(2);
  });

  it('leaves a file with a quote character to the parser', () => {
    expect(counted('name\n"Ana"\n')).toBeNull();
    expect(counted('name\nA"na\n')).toBeNull();
  });

  it('counts what the parser yields for any quote-free text, in any chunking', () => {
    const alphabet = ['a', ',', ' ', '\n', '\r', '\r\n', '\ufeff', 'é'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 2000; run++) {
      const length = Math.floor(random() * 24);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const expected = parsedRows(text);
      for (const chunkSize of [Infinity, 1, 2, 3, 5])
        expect([text, counted(text, chunkSize)]).toEqual([text, expected]);
    }
  });
});
