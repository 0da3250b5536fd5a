import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  KANBAN_EVENT_NAMES,
  KANBAN_VIEWS,
  type KanbanConfigInput,
  type KanbanConfigOptions,
  type KanbanView,
} from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '../http/tolerant-input.decorators';

class KanbanOptionsDto implements Partial<KanbanConfigOptions> {
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ enum: KANBAN_VIEWS }) @MayBeOmitted() @IsIn(KANBAN_VIEWS) default_view?: KanbanView;
  @ApiPropertyOptional({ description: 'Round-robin among online agents, least recently assigned first' })
  @MayBeOmitted()
  @IsBoolean()
  auto_assignment?: boolean;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() notifications_enabled?: boolean;
  @ApiPropertyOptional({ description: 'Permits drag-and-drop' }) @MayBeOmitted() @IsBoolean() dragbar_enabled?: boolean;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() list_view_enabled?: boolean;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() agenda_view_enabled?: boolean;
}

class KanbanConfigFieldsDto implements KanbanConfigInput {
  @ApiPropertyOptional({ description: 'false answers 403 on every other Kanban endpoint' })
  @MayBeOmitted()
  @IsBoolean()
  enabled?: boolean;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'HTTPS on a public address; null or "" removes it',
  })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(2048)
  webhook_url?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'HMAC-SHA256 signing secret; generated when a URL is set without one',
  })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(255)
  webhook_secret?: string | null;
  @ApiPropertyOptional({ type: [String], description: `Of: ${KANBAN_EVENT_NAMES.join(', ')}` })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  webhook_events?: string[];
  @ApiPropertyOptional({ type: KanbanOptionsDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => KanbanOptionsDto)
  config?: KanbanOptionsDto;
}

/** `{"kanban_config": {…}}`. */
export class KanbanConfigBodyDto {
  @ApiPropertyOptional({ type: KanbanConfigFieldsDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => KanbanConfigFieldsDto)
  kanban_config?: KanbanConfigFieldsDto;
}
