import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignMessagePatterns, ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { CampaignSends } from './campaign-sends.service';
import { ConversationQuery } from './conversations.query';
import { ConversationsService } from './conversations.service';

@Controller()
export class ConversationsHandlers {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly query: ConversationQuery,
    private readonly campaignSends: CampaignSends,
  ) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.query.list(r, r.query);
  }

  @MessagePattern(P.meta)
  meta(@Payload() r: RpcRequest<typeof P.meta>) {
    return this.query.counts(r, r.query);
  }

  @MessagePattern(P.filter)
  filter(@Payload() r: RpcRequest<typeof P.filter>) {
    return this.query.filter(r, r.payload, r.page);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.conversations.show(r, r.display_id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.conversations.create(r, r.data);
  }

  /** A campaign's message to one contact (the campaigns service's command). */
  @MessagePattern(CampaignMessagePatterns.send)
  sendForCampaign(@Payload() r: RpcRequest<typeof CampaignMessagePatterns.send>) {
    return this.campaignSends.sendForCampaign(r, r);
  }

  /** A campaign's messages to several contacts in one transaction (the campaigns service's command). */
  @MessagePattern(CampaignMessagePatterns.sendMany)
  async sendManyForCampaign(@Payload() r: RpcRequest<typeof CampaignMessagePatterns.sendMany>) {
    return { results: await this.campaignSends.sendManyForCampaign(r, r) };
  }

  @MessagePattern(P.assign)
  assign(@Payload() r: RpcRequest<typeof P.assign>) {
    return this.conversations.assign(r, r.display_id, r.data);
  }

  @MessagePattern(P.assignBestAgent)
  assignBestAgent(@Payload() r: RpcRequest<typeof P.assignBestAgent>) {
    return this.conversations.assignBestAgent(r, r.display_id, r.key);
  }

  @MessagePattern(P.toggleStatus)
  toggleStatus(@Payload() r: RpcRequest<typeof P.toggleStatus>) {
    return this.conversations.toggleStatus(r, r.display_id, r.data);
  }

  @MessagePattern(P.togglePriority)
  togglePriority(@Payload() r: RpcRequest<typeof P.togglePriority>) {
    return this.conversations.togglePriority(r, r.display_id, r.priority);
  }

  @MessagePattern(P.listLabels)
  labels(@Payload() r: RpcRequest<typeof P.listLabels>) {
    return this.conversations.labels(r, r.display_id);
  }

  @MessagePattern(P.setLabels)
  setLabels(@Payload() r: RpcRequest<typeof P.setLabels>) {
    return this.conversations.setLabels(r, r.display_id, r.labels);
  }

  @MessagePattern(P.changeLabels)
  changeLabels(@Payload() r: RpcRequest<typeof P.changeLabels>) {
    return this.conversations.changeLabels(r, r.display_id, r.add, r.remove);
  }

  @MessagePattern(P.mute)
  mute(@Payload() r: RpcRequest<typeof P.mute>) {
    return this.conversations.mute(r, r.display_id, true);
  }

  @MessagePattern(P.unmute)
  unmute(@Payload() r: RpcRequest<typeof P.unmute>) {
    return this.conversations.mute(r, r.display_id, false);
  }

  @MessagePattern(P.transcript)
  transcript(@Payload() r: RpcRequest<typeof P.transcript>) {
    return this.conversations.transcript(r, r.display_id, r.email);
  }

  @MessagePattern(P.updateLastSeen)
  updateLastSeen(@Payload() r: RpcRequest<typeof P.updateLastSeen>) {
    return this.conversations.updateLastSeen(r, r.display_id);
  }

  @MessagePattern(P.toggleTyping)
  toggleTyping(@Payload() r: RpcRequest<typeof P.toggleTyping>) {
    return this.conversations.toggleTyping(r, r.display_id, r.typing_status);
  }

  @MessagePattern(P.setCustomAttributes)
  setCustomAttributes(@Payload() r: RpcRequest<typeof P.setCustomAttributes>) {
    return this.conversations.setCustomAttributes(r, r.display_id, r.custom_attributes);
  }

  @MessagePattern(P.ofContact)
  ofContact(@Payload() r: RpcRequest<typeof P.ofContact>) {
    return this.conversations.ofContact(r, r.contact_id);
  }
}
