import { Injectable } from '@nestjs/common';
import {
  CampaignMessagePatterns,
  CommonErrors,
  type CampaignMessageSent,
  type CampaignSendResult,
} from '@parley/contracts';
import { RpcCallError, RpcClient } from '@parley/service-kit';

/** The key that makes a contact's send of a campaign happen once, whatever is retried. */
export function sendKey(campaignId: number, contactId: number): string {
  return `campaign:${campaignId}:contact:${contactId}`;
}

/** Failures worth a retry of the same send later rather than recording it as failed. */
export function isTransient(error: unknown): boolean {
  return (
    !(error instanceof RpcCallError) ||
    error.code === CommonErrors.rpcUnavailable ||
    error.code === CommonErrors.rpcTimeout ||
    error.code === CommonErrors.dependencyUnavailable
  );
}

/** Sends through messaging, which owns conversations and messages (never by writing its schema). */
@Injectable()
export class CampaignMessagesAdapter {
  constructor(private readonly rpc: RpcClient) {}

  send(
    target: { accountId: number; senderId: number; inboxId: number; campaignId: number },
    contactId: number,
    content: string,
  ): Promise<CampaignMessageSent> {
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

  /** Several contacts' messages in one command (one transaction in messaging), each with its own key. */
  async sendMany(
    target: { accountId: number; senderId: number; inboxId: number; campaignId: number },
    sends: Array<{ contactId: number; content: string }>,
  ): Promise<CampaignSendResult[]> {
    const answer = await this.rpc.send(CampaignMessagePatterns.sendMany, {
      account_id: target.accountId,
      caller: { user_id: target.senderId, role: 'administrator' },
      inbox_id: target.inboxId,
      campaign_id: target.campaignId,
      sends: sends.map((send) => ({
        contact_id: send.contactId,
        content: send.content,
        key: sendKey(target.campaignId, send.contactId),
      })),
    });
    return answer.results;
  }
}
