const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Counts the data rows of a CSV file read in chunks, without parsing its fields: a file with no
 * quote character holds no quoted line break, so its records are its lines. It counts what the
 * import's parser yields (csv-parse with `bom`, `columns`, `skip_empty_lines`): the record
 * delimiter is the first line ending seen (`\r\n`, `\n` or `\r`), empty records are skipped and
 * the first record is the header. `count()` is null once a quote was seen: then only the
 * parser can tell.
 */
export class CsvRecordCounter {
  private delimiter: 'crlf' | 'lf' | 'cr' | null = null;
  private records = 0;
  /** Bytes of the record being read. */
  private recordLength = 0;
  /** A `\r` that ended a chunk (whether a `\n` follows is known with the next one), or the start of a BOM. */
  private carry: Buffer | null = null;
  private started = false;
  private quoted = false;

  push(chunk: Buffer): void {
    if (this.quoted) return;
    let data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    if (!this.started) {
      // A BOM is dropped from the start only, so the start waits until it can be told.
      if (data.length < BOM.length && BOM.subarray(0, data.length).equals(data)) {
        this.carry = data;
        return;
      }
      this.started = true;
      if (data.subarray(0, BOM.length).equals(BOM)) data = data.subarray(BOM.length);
    }
    if (data.length > 0 && data[data.length - 1] === CR) {
      this.carry = data.subarray(data.length - 1);
      data = data.subarray(0, data.length - 1);
    }
    this.scan(data);
  }

  /** A quote character was seen: the rest need not be read. */
  get quoteSeen(): boolean {
    return this.quoted;
  }

  /** The data rows (the header not counted), or null when the file has a quote character. */
  count(): number | null {
    if (this.carry) this.scan(this.carry);
    this.carry = null;
    if (this.quoted) return null;
    this.endRecord();
    return Math.max(0, this.records - 1);
  }

  private scan(data: Buffer): void {
    for (let i = 0; i < data.length; i++) {
      const byte = data[i];
      if (byte === QUOTE) {
        this.quoted = true;
        return;
      }
      if (byte === LF || byte === CR) {
        const crlf = byte === CR && data[i + 1] === LF;
        this.delimiter ??= byte === LF ? 'lf' : crlf ? 'crlf' : 'cr';
        const ends = this.delimiter === 'lf' ? byte === LF : this.delimiter === 'cr' ? byte === CR : crlf;
        if (ends) {
          this.endRecord();
          if (this.delimiter === 'crlf') i++;
          continue;
        }
      }
      this.recordLength++;
    }
  }

  private endRecord(): void {
    if (this.recordLength > 0) this.records++;
    this.recordLength = 0;
  }
}
