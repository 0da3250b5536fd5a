import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  ContactPatterns as P,
  type AccountScoped,
  type Contact,
  type ContactImport,
  type ContactInboxLink,
  type ContactPage,
  type ContactSearchPage,
} from '@parley/contracts';
import { FILE_STORAGE, RpcClient, type FileStorage } from '@parley/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { FilterDto } from '../http/filter.dto';
import { IdPipe } from '../http/id.pipe';
import {
  ContactFieldsDto,
  ContactFilterQueryDto,
  ContactListQueryDto,
  ContactSearchQueryDto,
  CreateContactDto,
} from './contact.dto';
import {
  ContactCreatedView,
  ContactEnvelopeView,
  ContactImportView,
  ContactPageView,
  ContactSearchPageView,
} from './contact.responses';
import { storeCsvUpload } from './csv-upload.parser';
import { Expensive } from '../rate-limit/expensive.decorators';

@ApiTags('contacts')
@Controller('api/v1/accounts/:account_id/contacts')
export class ContactsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** 15 per page (`per_page` up to 100); `sort` by name, phone_number, email, created_at, last_activity_at (`-` descending). */
  @Get()
  @Expensive('contact_search', (request) => Boolean((request.query as { q?: unknown })?.q))
  @ApiOkResponse({ type: ContactPageView })
  list(@Scope() scope: AccountScoped, @Query() query: ContactListQueryDto): Promise<ContactPage> {
    return this.rpc.send(P.list, { ...scope, query });
  }

  /** Indexed prefix search; `include=conversations` adds each contact's conversations. */
  @Get('search')
  @Expensive('contact_search')
  @ApiOkResponse({ type: ContactSearchPageView })
  search(@Scope() scope: AccountScoped, @Query() query: ContactSearchQueryDto): Promise<ContactSearchPage> {
    return this.rpc.send(P.search, {
      ...scope,
      q: query.q,
      page: query.page,
      include_conversations: query.include === 'conversations',
      include_contact_inboxes: query.include_contact_inboxes,
    });
  }

  @Post('filter')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactPageView })
  filter(
    @Scope() scope: AccountScoped,
    @Body() body: FilterDto,
    @Query() query: ContactFilterQueryDto,
  ): Promise<ContactPage> {
    return this.rpc.send(P.filter, {
      ...scope,
      payload: body.payload,
      page: body.page ?? query.page,
      include_contact_inboxes: query.include_contact_inboxes,
    });
  }

  /** Answers at once with the job; follow it at `imports/{id}`. */
  @Post('import')
  @Expensive()
  @AdminOnly()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['import_file'],
      properties: { import_file: { type: 'string', format: 'binary', description: 'CSV with a header row' } },
    },
  })
  @ApiCreatedResponse({ type: ContactImportView })
  async import(@Scope() scope: AccountScoped, @Req() request: FastifyRequest): Promise<ContactImport> {
    const key = await storeCsvUpload(request, this.storage, scope.account_id);
    try {
      return await this.rpc.send(P.createImport, { ...scope, file_key: key });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
  }

  /** Import jobs and their error reports hold contact data: administrators only, like the import itself. */
  @Get('imports/:id')
  @AdminOnly()
  @ApiOkResponse({ type: ContactImportView })
  showImport(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<ContactImport> {
    return this.rpc.send(P.showImport, { ...scope, id });
  }

  /** The failed rows as CSV, with an `errors` column. */
  @Get('imports/:id/errors')
  @AdminOnly()
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The failed rows as CSV, with an errors column', schema: { type: 'string' } })
  async importErrors(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { file_key } = await this.rpc.send(P.importErrors, { ...scope, id });
    const file = await this.storage.open(file_key);
    if (!file) throw new NotFoundException('Import errors not found');
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${id}-errors.csv"`)
      .send(file.stream);
  }

  @Get(':id')
  @ApiOkResponse({ type: ContactEnvelopeView })
  async show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: Contact }> {
    return { payload: await this.rpc.send(P.show, { ...scope, id }) };
  }

  @Post()
  @ApiCreatedResponse({ type: ContactCreatedView })
  async create(
    @Scope() scope: AccountScoped,
    @Body() body: CreateContactDto,
  ): Promise<{ payload: { contact: Contact; contact_inbox: ContactInboxLink } }> {
    return { payload: await this.rpc.send(P.create, { ...scope, data: body }) };
  }

  @Patch(':id')
  @ApiOkResponse({ type: ContactEnvelopeView })
  async update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ContactFieldsDto,
  ): Promise<{ payload: Contact }> {
    return { payload: await this.rpc.send(P.update, { ...scope, id, data: body }) };
  }

  @Put(':id')
  @ApiOkResponse({ type: ContactEnvelopeView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ContactFieldsDto,
  ): Promise<{ payload: Contact }> {
    return this.update(scope, id, body);
  }

  /** Irreversible: the contact's conversations and messages go too. */
  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(P.delete, { ...scope, id });
  }

  /** A blocked contact cannot start new conversations. */
  @Post(':id/block')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactEnvelopeView })
  async block(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: Contact }> {
    return { payload: await this.rpc.send(P.block, { ...scope, id }) };
  }

  @Post(':id/unblock')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactEnvelopeView })
  async unblock(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: Contact }> {
    return { payload: await this.rpc.send(P.unblock, { ...scope, id }) };
  }
}
