import type { RuleAction, RuleCondition } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'rules' })
export class AutomationRuleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'event_name', type: 'text' })
  eventName: string;

  @Column({ type: 'jsonb' })
  conditions: RuleCondition[];

  @Column({ type: 'jsonb' })
  actions: RuleAction[];

  @Column({ type: 'boolean' })
  active: boolean;

  /** The administrator in whose name the rule's actions run (messages it sends show them). */
  @Column({ name: 'created_by', type: 'integer' })
  createdBy: number;

  /** Signs what the rule's send_webhook_event actions post. */
  @Column({ name: 'webhook_secret', type: 'text' })
  webhookSecret: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
