import { Inject, Injectable } from '@nestjs/common';
import {
  AccountFiles,
  KANBAN_EXPORT_CHUNK,
  KANBAN_IMPORT_MAX_ROWS,
  KanbanWorkErrors,
  type AccountScoped,
  type KanbanExportChunk,
  type KanbanImportPreview,
  type KanbanImportReport,
} from '@parley/contracts';
import { neutralisedCell } from '@parley/domain-rules';
import { DomainError, FILE_STORAGE, Outbox, type FileStorage } from '@parley/service-kit';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import type { Readable } from 'node:stream';
import { CardEventsWriter } from '../cards/card-events.writer';
import { checkedCustomAttributes } from '../cards/card.rules';
import { CardsLoader } from '../cards/cards.loader';
import { CardsWriter } from '../cards/cards.writer';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { checkedMappings, detectSeparator, EXPORT_COLUMNS, importedCard, type ImportedCard } from './card-csv.rules';

const INSERT_BATCH = 1000;

/**
 * CSV export (UTF-8 with BOM, `;`, formula-looking text neutralised), streamed by the gateway
 * chunk after chunk; import of a stored file: per-row validation, the valid rows in one
 * transaction, a report of the others with their line numbers. csv-parse and csv-stringify do
 * the CSV.
 */
@Injectable()
export class CardCsvService {
  constructor(
    private readonly outbox: Outbox,
    private readonly cards: CardsLoader,
    private readonly writer: CardsWriter,
    private readonly funnels: FunnelsLoader,
    private readonly messaging: MessagingViewLoader,
    private readonly events: CardEventsWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** A deleted account's uploaded CSV files (the gateway removes each after its import; a crash may leave one). */
  async removeFilesOfAccount(accountId: number): Promise<void> {
    await this.storage.removeAll(AccountFiles.kanbanImports(accountId));
  }

  async exportChunk(accountId: number, funnelId: number, after: string | null): Promise<KanbanExportChunk> {
    await this.funnels.funnelRow(accountId, funnelId, 'path');
    const stageNames = new Map((await this.funnels.stagesOf(funnelId)).map((stage) => [stage.key, stage.name]));
    const cursor = after === null ? 0 : Number(after);
    const rows = await this.cards.chunkOfFunnel(
      funnelId,
      Number.isSafeInteger(cursor) ? cursor : 0,
      KANBAN_EXPORT_CHUNK,
    );
    const records = rows.map((row) => [
      row.id,
      neutralisedCell(row.title),
      neutralisedCell(row.description ?? ''),
      neutralisedCell(stageNames.get(row.stage_key) ?? row.stage_key),
      row.stage_key,
      row.status,
      row.priority ?? '',
      row.value ?? '',
      neutralisedCell(row.currency?.code ?? ''),
      row.assigned_agents.join(','),
      row.conversation_display_id ?? '',
      row.created_at.toISOString(),
      row.updated_at.toISOString(),
      row.stage_entered_at.toISOString(),
      Object.keys(row.custom_attributes).length ? neutralisedCell(JSON.stringify(row.custom_attributes)) : '',
    ]);
    const first = after === null;
    const csv = stringify(records, {
      delimiter: ';',
      bom: first,
      header: first,
      columns: [...EXPORT_COLUMNS],
      cast: { number: String },
    });
    return { csv, next: rows.length === KANBAN_EXPORT_CHUNK ? String(rows[rows.length - 1].id) : null };
  }

  async preview(key: string): Promise<KanbanImportPreview> {
    const separator = await this.separatorOf(key);
    const records: string[][] = [];
    for await (const record of await this.records(key, separator)) {
      records.push(record as string[]);
      if (records.length > 10) break;
    }
    if (records.length === 0)
      throw new DomainError(KanbanWorkErrors.importFileInvalid, 'The file has no header line', ['file']);
    return { columns: records[0], rows: records.slice(1), separator };
  }

  /**
   * Every row is read and judged; the valid ones are inserted in one transaction (at the end of
   * their stage, in file order), the others reported with their line and reason.
   */
  async import(
    scope: AccountScoped,
    key: string,
    funnelId: number,
    defaultStage: string,
    mappings: Record<string, string>,
  ): Promise<KanbanImportReport> {
    const funnel = await this.funnels.funnel(scope.account_id, funnelId, 'body');
    if (!funnel.stages[defaultStage])
      throw new DomainError(
        KanbanWorkErrors.importMappingInvalid,
        `Stage ${defaultStage} is not a stage of funnel ${funnelId}`,
        ['default_stage_id'],
      );
    const stageByName = new Map(Object.values(funnel.stages).map((stage) => [stage.name.toLowerCase(), stage.id]));
    const separator = await this.separatorOf(key);
    let columns: string[] | null = null;
    let fields: ReturnType<typeof checkedMappings> = [];
    const valid: Array<{ line: number; card: ImportedCard & { stage: string } }> = [];
    const rejected: KanbanImportReport['rejected'] = [];
    let rows = 0;
    for await (const { record, info } of await this.records(key, separator, true)) {
      const cells = record as string[];
      if (!columns) {
        columns = cells.map((cell) => cell.trim());
        fields = checkedMappings(mappings, columns);
        continue;
      }
      rows += 1;
      if (rows > KANBAN_IMPORT_MAX_ROWS)
        throw new DomainError(KanbanWorkErrors.importFileInvalid, `At most ${KANBAN_IMPORT_MAX_ROWS} rows per import`, [
          'file',
        ]);
      const line = info.lines as number;
      const read = importedCard(cells, fields);
      if ('problem' in read) {
        rejected.push({ line, reason: read.problem });
        continue;
      }
      const stage =
        read.stage === null
          ? defaultStage
          : funnel.stages[read.stage]
            ? read.stage
            : stageByName.get(read.stage.toLowerCase());
      if (!stage) {
        rejected.push({ line, reason: `stage ${JSON.stringify(read.stage)} is not a stage of this funnel` });
        continue;
      }
      try {
        read.attributes = checkedCustomAttributes(funnel.global_custom_attributes, read.attributes);
      } catch (error) {
        rejected.push({ line, reason: (error as Error).message });
        continue;
      }
      valid.push({ line, card: { ...read, stage } });
    }
    if (!columns) throw new DomainError(KanbanWorkErrors.importFileInvalid, 'The file has no header line', ['file']);
    const missingAgents = new Set(
      await this.messaging.missingAgents(scope, [...new Set(valid.flatMap((row) => row.card.agents))]),
    );
    const accepted = valid.filter(({ line, card }) => {
      const unknown = card.agents.filter((id) => missingAgents.has(id));
      if (unknown.length) rejected.push({ line, reason: `not agents of this account: ${unknown.join(', ')}` });
      return unknown.length === 0;
    });
    await this.insert(
      scope.account_id,
      funnelId,
      accepted.map((row) => row.card),
    );
    rejected.sort((a, b) => a.line - b.line);
    return { imported: accepted.length, rejected };
  }

  private async insert(
    accountId: number,
    funnelId: number,
    cards: Array<ImportedCard & { stage: string }>,
  ): Promise<void> {
    if (cards.length === 0) return;
    await this.outbox.transaction(async (tx, emit) => {
      const stages = [...new Set(cards.map((card) => card.stage))];
      await this.funnels.lockStages(
        tx,
        stages.map((key) => ({ funnelId, key })),
      );
      const next = await this.writer.endsOf(tx, funnelId, stages);
      for (let start = 0; start < cards.length; start += INSERT_BATCH) {
        const batch = cards.slice(start, start + INSERT_BATCH).map((card) => {
          const position = next.get(card.stage)!;
          next.set(card.stage, position + 1);
          return { ...card, position };
        });
        const created = await this.writer.insertImported(tx, accountId, funnelId, batch);
        await this.events.imported(emit, created);
      }
    });
  }

  private async separatorOf(key: string): Promise<';' | ','> {
    const stream = await this.open(key);
    try {
      let head = '';
      for await (const chunk of stream) {
        head += (chunk as Buffer).toString('utf8');
        if (head.includes('\n') || head.length > 65_536) break;
      }
      return detectSeparator(head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '');
    } finally {
      stream.destroy();
    }
  }

  /** The file's records; a file csv-parse cannot read is the client's 422 (with the line), never a 500. */
  private async records(key: string, separator: string, withInfo = false): Promise<AsyncIterable<any>> {
    const stream = await this.open(key);
    const parser = stream.pipe(
      parse({
        delimiter: separator,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        relax_quotes: true,
        info: withInfo,
      }),
    );
    stream.on('error', (error) => parser.destroy(error));
    return (async function* () {
      try {
        yield* parser;
      } catch (error) {
        const csv = error as { code?: string; lines?: number; message: string };
        if (csv.code?.startsWith('CSV_'))
          throw new DomainError(
            KanbanWorkErrors.importFileInvalid,
            `The file is not valid CSV near line ${csv.lines ?? '?'}: ${csv.message}`,
            ['file'],
          );
        throw error;
      } finally {
        stream.destroy();
      }
    })();
  }

  private async open(key: string): Promise<Readable> {
    const file = await this.storage.open(key);
    if (!file) throw new DomainError(KanbanWorkErrors.importFileInvalid, 'The uploaded file is gone', ['file']);
    return file.stream;
  }
}
