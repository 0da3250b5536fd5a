import type { AvailabilityStatus, Role } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A user's membership of an account: the role and availability it has there. */
@Entity({ name: 'account_users' })
export class AccountUserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  role: Role;

  @Column({ name: 'availability_status', type: 'text', default: 'offline' })
  availabilityStatus: AvailabilityStatus;

  @Column({ name: 'auto_offline', type: 'boolean', default: true })
  autoOffline: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
