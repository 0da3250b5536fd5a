import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A contact as messaging knows it: kept from the contacts service's events (never written here otherwise). */
@Entity({ name: 'contacts_view' })
export class ContactViewEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'text', nullable: true })
  identifier: string | null;

  @Column({ type: 'text', nullable: true })
  thumbnail: string | null;

  @Column({ type: 'boolean', default: false })
  blocked: boolean;

  @Column({ name: 'additional_attributes', type: 'jsonb', default: () => "'{}'" })
  additionalAttributes: Record<string, unknown>;

  /** A tombstone: the contact was deleted (or merged away); a late update must not bring it back. */
  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** When the event behind the version held happened: older events are ignored. */
  @Column({ name: 'source_updated_at', type: 'timestamptz' })
  sourceUpdatedAt: Date;
}
