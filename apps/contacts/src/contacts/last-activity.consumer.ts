import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MessageEvents, type EventOf } from '@parley/contracts';
import { OnEventsIdempotent, preparedQuery, UNHURRIED_GATHER_MS } from '@parley/service-kit';
import { DataSource } from 'typeorm';

/**
 * A message in one of the contact's conversations is activity of the contact (the newest message
 * of a batch counts). The update only moves the time forward and touches existing rows, so an
 * event applied twice, or of a deleted account, changes nothing: one statement a batch, without
 * a transaction or inbox record.
 */
@Injectable()
export class LastActivityConsumer {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @OnEventsIdempotent(MessageEvents.created, {
    purpose: 'contact_last_activity',
    gatherMs: UNHURRIED_GATHER_MS,
    when: (event) => (event as EventOf<typeof MessageEvents.created>).data.message.message_type !== 'activity',
  })
  async onMessages(events: Array<EventOf<typeof MessageEvents.created>>): Promise<void> {
    await preparedQuery(
      this.dataSource,
      'contacts_last_activity',
      `UPDATE contacts.contacts c SET last_activity_at = m.at
         FROM (SELECT id, account_id, max(at) AS at FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS e(id, account_id, at) GROUP BY id, account_id) m
        WHERE c.id = m.id AND c.account_id = m.account_id AND (c.last_activity_at IS NULL OR c.last_activity_at < m.at)`,
      [
        events.map((event) => event.data.conversation.contact_id),
        events.map((event) => event.account_id),
        events.map((event) => event.occurred_at),
      ],
    );
  }
}
