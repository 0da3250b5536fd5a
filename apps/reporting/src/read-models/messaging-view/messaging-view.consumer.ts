import { Injectable } from '@nestjs/common';
import { IdentityEvents, InboxEvents, LabelEvents, TeamEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';

const at = (event: { occurred_at: string }) => new Date(event.occurred_at);

/** Keeps reporting's copy of messaging's inboxes (names, working hours, zone, CSAT flag), teams, labels and agents. */
@Injectable()
export class MessagingViewConsumer {
  constructor(private readonly view: MessagingViewWriter) {}

  @OnEvent(InboxEvents.created, { concurrency: 4 })
  async onInboxCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, at(event));
  }

  @OnEvent(InboxEvents.updated, { concurrency: 4 })
  async onInboxUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, at(event));
  }

  @OnEvent(InboxEvents.deleted, { concurrency: 4 })
  async onInboxDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, at(event), true);
  }

  @OnEvent(TeamEvents.created, { concurrency: 4 })
  async onTeamCreated(event: EventOf<typeof TeamEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.teams.recordOne(tx, event.data.team, at(event));
  }

  @OnEvent(TeamEvents.updated, { concurrency: 4 })
  async onTeamUpdated(event: EventOf<typeof TeamEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.teams.recordOne(tx, event.data.team, at(event));
  }

  @OnEvent(TeamEvents.deleted, { concurrency: 4 })
  async onTeamDeleted(event: EventOf<typeof TeamEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.teams.recordOne(tx, event.data.team, at(event), true);
  }

  @OnEvent(LabelEvents.created, { concurrency: 4 })
  async onLabelCreated(event: EventOf<typeof LabelEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.labels.recordOne(tx, { ...event.data.label, account_id: event.account_id! }, at(event));
  }

  @OnEvent(LabelEvents.updated, { concurrency: 4 })
  async onLabelUpdated(event: EventOf<typeof LabelEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.labels.recordOne(tx, { ...event.data.label, account_id: event.account_id! }, at(event));
  }

  @OnEvent(LabelEvents.deleted, { concurrency: 4 })
  async onLabelDeleted(event: EventOf<typeof LabelEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.labels.recordOne(tx, { ...event.data.label, account_id: event.account_id! }, at(event), true);
  }

  @OnEvent(IdentityEvents.userCreated, { concurrency: 4 })
  async onUserCreated(event: EventOf<typeof IdentityEvents.userCreated>, tx: EntityManager): Promise<void> {
    await this.view.users.recordOne(tx, event.data, at(event));
  }

  @OnEvent(IdentityEvents.userUpdated, { concurrency: 4 })
  async onUserUpdated(event: EventOf<typeof IdentityEvents.userUpdated>, tx: EntityManager): Promise<void> {
    await this.view.users.recordOne(tx, event.data, at(event));
  }

  @OnEvent(IdentityEvents.accountUserCreated, { concurrency: 4 })
  async onMemberCreated(event: EventOf<typeof IdentityEvents.accountUserCreated>, tx: EntityManager): Promise<void> {
    await this.view.agents.recordOne(tx, event.data, at(event));
  }

  @OnEvent(IdentityEvents.accountUserUpdated, { concurrency: 4 })
  async onMemberUpdated(event: EventOf<typeof IdentityEvents.accountUserUpdated>, tx: EntityManager): Promise<void> {
    await this.view.agents.recordOne(tx, event.data, at(event));
  }

  @OnEvent(IdentityEvents.accountUserDeleted, { concurrency: 4 })
  async onMemberDeleted(event: EventOf<typeof IdentityEvents.accountUserDeleted>, tx: EntityManager): Promise<void> {
    await this.view.agents.recordOne(tx, event.data, at(event), true);
  }
}
