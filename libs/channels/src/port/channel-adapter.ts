import type { ChannelType } from '@parley/contracts';
import type { InboundDelivery, InboundMessage, InboundVerdict } from './inbound-message';
import type { SendOutcome, SendRequest } from './outgoing-message';

/**
 * One provider behind one channel kind. Adapters hold no framework and no database: the
 * calling service stores what arrives, schedules retries and applies status changes
 * (`nextDeliveryStatus`). `Settings` are the inbox's channel settings, secrets decrypted.
 */
export interface ChannelAdapter<Settings> {
  readonly channelType: ChannelType;
  /**
   * What to do with a send whose attempt began but whose outcome was never recorded (a crash
   * mid-call): `resend` when a second send is harmless (e-mail: the same Message-ID);
   * `await_receipt` when the provider's webhooks name the message by its mark
   * (`sendMarker`), so a receipt arriving later settles it; `look_up` when the provider can be
   * asked (`findSent`); absent: the outcome stays unknown.
   */
  readonly unknownOutcome?: 'resend' | 'await_receipt' | 'look_up';
  /**
   * `look_up`: the provider's ids of messages like this send (same recipient and content) made
   * since `since`, oldest first — none when the provider holds no such message (it never
   * arrived); the caller skips ids that are already another message's. Throws when the
   * provider cannot tell now.
   */
  findSent?(request: SendRequest<Settings>, since: Date): Promise<string[]>;
  /** Sends one message; never throws for a provider's refusal (it is a classified outcome). */
  send(request: SendRequest<Settings>): Promise<SendOutcome>;
  /** Checks a delivery before anything is stored (signature, size). */
  verify(delivery: InboundDelivery, settings: Settings): InboundVerdict;
  /** Turns a verified delivery into the messages and status changes it holds. */
  parse(delivery: InboundDelivery, settings: Settings): Promise<InboundMessage[]>;
  /**
   * The name the provider shows for a sender its webhooks name by id only (Meta's page-scoped
   * ids); null when it has none or the call fails (the contact is created without one).
   */
  senderName?(settings: Settings, identity: string): Promise<string | null>;
  /** One cheap provider call that proves the credentials (inbox create and update); e-mail has none. */
  checkCredentials?(settings: Settings): Promise<CredentialVerdict>;
}

/** The provider accepted the credentials, or refused the named settings field. */
export type CredentialVerdict = { accepted: true } | { accepted: false; field: string; reason: string };
