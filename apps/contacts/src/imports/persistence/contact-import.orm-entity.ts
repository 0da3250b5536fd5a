import type { ImportStatus } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'imports' })
export class ContactImportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  status: ImportStatus;

  @Column({ name: 'file_key', type: 'text' })
  fileKey: string;

  @Column({ name: 'rows_total', type: 'integer', nullable: true })
  rowsTotal: number | null;

  /** Rows handled so far: a resumed job skips this many records. */
  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ type: 'integer', default: 0 })
  created: number;

  @Column({ type: 'integer', default: 0 })
  updated: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'errors_file_key', type: 'text', nullable: true })
  errorsFileKey: string | null;

  /** A worker holds the job until then; after it, another may resume it. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
