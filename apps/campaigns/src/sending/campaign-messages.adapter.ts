import { Injectable } from '@nestjs/common';
import { CampaignMessagePatterns, CommonErrors, type CampaignMessageSent } from '@parley/contracts';
import { RpcCallError, RpcClient } from '@parley/service-kit';

/** The key that makes a contact's send of a campaign happen once, whatever is retried. */
export function sendKey(campaignId: number, contactId: number): string {
  return `campaign:${campaignId}:contact:${contactId}`;
}

/** Failures worth a retry of the same send later rather than recording it as failed. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof RpcCallError) || error.code === CommonErrors.rpcUnavailable || error.code === CommonErrors.rpcTimeout;
}

/** Sends through messaging, which owns conversations and messages (never by writing its schema). */
@Injectable()
export class CampaignMessagesAdapter {
  constructor(private readonly rpc: RpcClient) {}

  send(target: { accountId: number; senderId: number; inboxId: number; campaignId: number }, contactId: number, content: string): Promise<CampaignMessageSent> {
    return this.rpc.send(CampaignMessagePatterns.send, {
      account_id: target.accountId,
      // The campaign's sender, with the rights of the administrator who set the campaign up.
      caller: { user_id: target.senderId, role: 'administrator' },
      inbox_id: target.inboxId,
      contact_id: contactId,
      campaign_id: target.campaignId,
      content,
      key: sendKey(target.campaignId, contactId),
    });
  }
}
