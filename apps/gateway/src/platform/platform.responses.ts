import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ROLES, type Account, type AccountUser, type PlatformUser, type Role, type SsoLink } from '@parley/contracts';

export class AccountView implements Account {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}

export class PlatformUserView implements PlatformUser {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) display_name: string | null;
  @ApiProperty() email: string;
  @ApiProperty() confirmed: boolean;
  @ApiProperty() created_at: number;
  @ApiPropertyOptional({ description: 'Only in the answer that created the user: it is stored hashed' })
  access_token?: string;
}

export class AccountUserView implements AccountUser {
  @ApiProperty() account_id: number;
  @ApiProperty() user_id: number;
  @ApiProperty({ enum: ROLES }) role: Role;
}

export class SsoLinkView implements SsoLink {
  @ApiProperty({ description: 'Signs the user in once, within 10 minutes: `{PUBLIC_URL}/auth/sso/<token>`' })
  url: string;
}
