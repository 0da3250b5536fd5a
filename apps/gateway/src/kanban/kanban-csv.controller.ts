import { BadRequestException, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  KanbanCsvPatterns,
  type AccountScoped,
  type KanbanImportPreview,
  type KanbanImportReport,
} from '@parley/contracts';
import { FILE_STORAGE, RpcClient, type FileStorage } from '@parley/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Scope } from '../auth/access.decorators';
import { Expensive } from '../rate-limit/expensive.decorators';
import { KanbanExportQueryDto } from './kanban-item-query.dto';
import { ImportPreviewView, ImportReportView } from './kanban-item.responses';
import { readKanbanCsvUpload } from './kanban-csv-upload.parser';

/** An import answers when it is done: up to 50,000 rows. */
const IMPORT_TIMEOUT_MS = 120_000;
const FILE_BODY = {
  type: 'string',
  format: 'binary',
  description: 'CSV: `;` or `,` (detected), UTF-8, a BOM tolerated, quoted fields',
};

/** CSV export (streamed chunk by chunk) and import of cards. */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban_items')
export class KanbanCsvController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** UTF-8 with BOM, `;`, one row per card; never held whole in memory on either side. */
  @Get('export')
  @Expensive()
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The cards of the funnel as CSV', schema: { type: 'string' } })
  async export(
    @Scope() scope: AccountScoped,
    @Query() query: KanbanExportQueryDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const first = await this.rpc.send(KanbanCsvPatterns.exportChunk, {
      ...scope,
      funnel_id: query.funnel_id,
      after: null,
    });
    const rpc = this.rpc;
    async function* chunks(): AsyncGenerator<string> {
      yield first.csv;
      let next = first.next;
      while (next !== null) {
        const chunk = await rpc.send(KanbanCsvPatterns.exportChunk, {
          ...scope,
          funnel_id: query.funnel_id,
          after: next,
        });
        yield chunk.csv;
        next = chunk.next;
      }
    }
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="kanban-funnel-${query.funnel_id}.csv"`)
      .send(Readable.from(chunks()));
  }

  @Post('import_preview')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: FILE_BODY } } })
  @ApiOkResponse({ type: ImportPreviewView })
  async preview(@Scope() scope: AccountScoped, @Req() request: FastifyRequest): Promise<KanbanImportPreview> {
    const { key } = await readKanbanCsvUpload(request, this.storage, scope.account_id);
    try {
      return await this.rpc.send(KanbanCsvPatterns.preview, { ...scope, storage_key: key });
    } finally {
      await this.storage.remove(key);
    }
  }

  @Post('import')
  @HttpCode(200)
  @Expensive()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'funnel_id', 'default_stage_id', 'mappings'],
      properties: {
        file: FILE_BODY,
        funnel_id: { type: 'integer' },
        default_stage_id: { type: 'string', description: 'For rows without a stage' },
        mappings: {
          type: 'string',
          description:
            'JSON object: CSV column → card field (title, description, value, currency, priority, status, stage, stage_id, assigned_agents, custom_attributes, custom_attributes.<key>)',
        },
      },
    },
  })
  @ApiOkResponse({ type: ImportReportView })
  async import(@Scope() scope: AccountScoped, @Req() request: FastifyRequest): Promise<KanbanImportReport> {
    const { key, fields } = await readKanbanCsvUpload(request, this.storage, scope.account_id);
    try {
      const funnelId = /^[1-9]\d{0,9}$/.test(fields.funnel_id ?? '') ? Number(fields.funnel_id) : NaN;
      if (!Number.isSafeInteger(funnelId) || funnelId > 2_147_483_647)
        throw new BadRequestException('funnel_id: must be a positive integer id');
      const stage = fields.default_stage_id ?? '';
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(stage)) throw new BadRequestException('default_stage_id: must be a stage id');
      let mappings: unknown;
      try {
        mappings = JSON.parse(fields.mappings ?? '');
      } catch {
        throw new BadRequestException('mappings: must be a JSON object');
      }
      if (
        typeof mappings !== 'object' ||
        mappings === null ||
        Array.isArray(mappings) ||
        !Object.values(mappings).every((value) => typeof value === 'string')
      ) {
        throw new BadRequestException('mappings: must be a JSON object from column name to field name');
      }
      return await this.rpc.send(
        KanbanCsvPatterns.import,
        {
          ...scope,
          storage_key: key,
          funnel_id: funnelId,
          default_stage_id: stage,
          mappings: mappings as Record<string, string>,
        },
        { timeoutMs: IMPORT_TIMEOUT_MS },
      );
    } finally {
      await this.storage.remove(key);
    }
  }
}
