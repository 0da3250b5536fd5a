import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'inbox_members' })
export class InboxMemberEntity {
  @PrimaryColumn({ name: 'inbox_id', type: 'integer' })
  inboxId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
