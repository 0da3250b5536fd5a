import type { AttributeDisplayType, AttributeModel, AttributeValue } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'custom_attribute_definitions' })
export class CustomAttributeDefinitionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'attribute_display_name', type: 'text' })
  displayName: string;

  @Column({ name: 'attribute_display_type', type: 'text' })
  displayType: AttributeDisplayType;

  @Column({ name: 'attribute_description', type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'attribute_key', type: 'text' })
  key: string;

  @Column({ name: 'attribute_values', type: 'jsonb', default: () => "'[]'" })
  values: string[];

  @Column({ name: 'attribute_model', type: 'text' })
  model: AttributeModel;

  @Column({ name: 'regex_pattern', type: 'text', nullable: true })
  regexPattern: string | null;

  @Column({ name: 'regex_cue', type: 'text', nullable: true })
  regexCue: string | null;

  @Column({ name: 'default_value', type: 'jsonb', nullable: true })
  defaultValue: AttributeValue | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
