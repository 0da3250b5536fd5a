import type { CampaignAudienceEntry, CampaignStatus, CampaignTriggerRules, CampaignType } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'campaigns' })
export class CampaignEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'inbox_id', type: 'integer' })
  inboxId: number;

  @Column({ name: 'campaign_type', type: 'text' })
  campaignType: CampaignType;

  @Column({ name: 'sender_id', type: 'integer', nullable: true })
  senderId: number | null;

  @Column({ name: 'trigger_only_during_business_hours', type: 'boolean' })
  triggerOnlyDuringBusinessHours: boolean;

  @Column({ name: 'trigger_rules', type: 'jsonb' })
  triggerRules: CampaignTriggerRules;

  @Column({ type: 'jsonb' })
  audience: CampaignAudienceEntry[];

  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt: Date | null;

  @Column({ type: 'text' })
  status: CampaignStatus;

  /** The state a paused campaign returns to on resume. */
  @Column({ name: 'paused_from', type: 'text', nullable: true })
  pausedFrom: CampaignStatus | null;

  /** The administrator who created it: one-off messages go out in their name. */
  @Column({ name: 'created_by', type: 'integer' })
  createdBy: number;

  /** Whether the run has turned the labels into send rows (once, when it starts). */
  @Column({ name: 'audience_resolved', type: 'boolean' })
  audienceResolved: boolean;

  @Column({ name: 'audience_count', type: 'integer' })
  audienceCount: number;

  @Column({ name: 'sent_count', type: 'integer' })
  sentCount: number;

  @Column({ name: 'failed_count', type: 'integer' })
  failedCount: number;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  /** When the current stretch of running began, and how many sends were done then (the measured rate of the ETA). */
  @Column({ name: 'run_started_at', type: 'timestamptz', nullable: true })
  runStartedAt: Date | null;

  @Column({ name: 'run_done_at_start', type: 'integer' })
  runDoneAtStart: number;

  /** The replica running it and until when its claim holds (renewed while it works). */
  @Column({ name: 'lease_owner', type: 'uuid', nullable: true })
  leaseOwner: string | null;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
