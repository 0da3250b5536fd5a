import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A contact's address at one inbox (its id at the channel). */
@Entity({ name: 'contact_inboxes' })
export class ContactInboxEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'inbox_id', type: 'integer' })
  inboxId: number;

  @Column({ name: 'source_id', type: 'text' })
  sourceId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
