import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { AccountFiles, ImportErrors, type ContactImport } from '@parley/contracts';
import { FILE_STORAGE, findOneOrFail, type FileStorage } from '@parley/service-kit';
import { stringify } from 'csv-stringify';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { toContactImport } from './contact-import.mapper';
import { ImportWorker } from './import.worker';
import { ContactImportEntity } from './persistence/contact-import.orm-entity';
import type { ImportErrorRow } from './persistence/import-error.row';

@Injectable()
export class ImportsService {
  constructor(
    @InjectRepository(ContactImportEntity) private readonly imports: Repository<ContactImportEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly worker: ImportWorker,
  ) {}

  /** Queues the file the gateway stored; the worker picks it up at once. */
  async create(accountId: number, fileKey: string): Promise<ContactImport> {
    const job = await this.imports.save(this.imports.create({ accountId, fileKey, status: 'queued' }));
    this.worker.kick();
    return toContactImport(job);
  }

  /** A deleted account's imports (their failed rows go with them) and its import files. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.delete(ContactImportEntity, { accountId });
    await this.storage.removeAll(AccountFiles.contactImports(accountId));
  }

  async show(accountId: number, id: number): Promise<ContactImport> {
    return toContactImport(await findOneOrFail(this.imports, { accountId, id }, 'Import', ImportErrors.notFound));
  }

  /** Writes the failed rows so far (their columns plus `errors`) as CSV to storage, for the gateway to stream. */
  async errors(accountId: number, id: number): Promise<{ file_key: string }> {
    const job = await findOneOrFail(this.imports, { accountId, id }, 'Import', ImportErrors.notFound);
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
}
