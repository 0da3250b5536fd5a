import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ContactPatterns, type AccountScoped, type Contact } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { ContactMergeDto } from './contact.dto';
import { ContactView } from './contact.responses';

@ApiTags('contacts')
@Controller('api/v1/accounts/:account_id/actions')
export class ContactMergeController {
  constructor(private readonly rpc: RpcClient) {}

  /** Everything of the mergee moves to the base contact (base values win); the mergee is deleted. */
  @Post('contact_merge')
  @AdminOnly()
  @HttpCode(200)
  @ApiOkResponse({ type: ContactView, description: 'The base contact' })
  merge(@Scope() scope: AccountScoped, @Body() body: ContactMergeDto): Promise<Contact> {
    return this.rpc.send(ContactPatterns.merge, {
      ...scope,
      base_contact_id: body.base_contact_id,
      mergee_contact_id: body.mergee_contact_id,
    });
  }
}
