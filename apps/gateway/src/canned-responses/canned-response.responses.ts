import { ApiProperty } from '@nestjs/swagger';
import type { CannedResponse } from '@parley/contracts';

export class CannedResponseView implements CannedResponse {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() short_code: string;
  @ApiProperty() content: string;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}
