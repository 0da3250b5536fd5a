import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountFiles, ImportErrors, type ContactImport } from '@parley/contracts';
import { FILE_STORAGE, selectOneOrFail, type FileStorage } from '@parley/service-kit';
import { stringify } from 'csv-stringify';
import { DataSource, type EntityManager } from 'typeorm';
import { toContactImport } from './contact-import.mapper';
import { ImportWorker } from './import.worker';
import { CONTACT_IMPORT_COLUMNS, type ContactImportRow } from './persistence/contact-import.row';
import type { ImportErrorRow } from './persistence/import-error.row';

@Injectable()
export class ImportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly worker: ImportWorker,
  ) {}

  /** Queues the file the gateway stored; the worker picks it up at once. */
  async create(accountId: number, fileKey: string): Promise<ContactImport> {
    const [job]: ContactImportRow[] = await this.dataSource.query(
      `INSERT INTO contacts.imports (account_id, file_key, status) VALUES ($1, $2, 'queued') RETURNING ${CONTACT_IMPORT_COLUMNS}`,
      [accountId, fileKey],
    );
    this.worker.kick();
    return toContactImport(job);
  }

  /** A deleted account's imports (their failed rows go with them) and its import files. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM contacts.imports WHERE account_id = $1', [accountId]);
    await this.storage.removeAll(AccountFiles.contactImports(accountId));
  }

  async show(accountId: number, id: number): Promise<ContactImport> {
    return toContactImport(await this.find(accountId, id));
  }

  /** Writes the failed rows so far (their columns plus `errors`) as CSV to storage, for the gateway to stream. */
  async errors(accountId: number, id: number): Promise<{ file_key: string }> {
    const job = await this.find(accountId, id);
    const rows: ImportErrorRow[] = await this.dataSource.query(
      'SELECT row_data, errors FROM contacts.import_errors WHERE import_id = $1 ORDER BY row_number',
      [job.id],
    );
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row.row_data)))];
    const key = `${AccountFiles.contactImports(accountId)}/${job.id}-errors.csv`;
    const csv = stringify(
      rows.map((row) => [...columns.map((column) => row.row_data[column] ?? ''), row.errors]),
      { header: true, columns: [...columns, 'errors'] },
    );
    await this.storage.put(key, csv, Number.MAX_SAFE_INTEGER);
    return { file_key: key };
  }

  private find(accountId: number, id: number): Promise<ContactImportRow> {
    return selectOneOrFail(
      this.dataSource,
      `SELECT ${CONTACT_IMPORT_COLUMNS} FROM contacts.imports WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Import',
      ImportErrors.notFound,
    );
  }
}
