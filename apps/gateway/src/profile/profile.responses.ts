import { ApiProperty } from '@nestjs/swagger';
import {
  AVAILABILITY_STATUSES,
  ROLES,
  type AvailabilityStatus,
  type Profile,
  type Role,
  type SsoSignIn,
} from '@parley/contracts';

class ProfileAccountView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ enum: AVAILABILITY_STATUSES }) availability_status: AvailabilityStatus;
}

export class ProfileView implements Profile {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The e-mail' }) uid: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) display_name: string | null;
  @ApiProperty() available_name: string;
  @ApiProperty() email: string;
  @ApiProperty() confirmed: boolean;
  @ApiProperty({ description: "The agent's /cable token (RoomChannel: pubsub_token, user_id, account_id)" })
  pubsub_token: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The current account: the one an update names, else the first; null without any',
  })
  account_id: number | null;
  @ApiProperty({ enum: ROLES, nullable: true, description: 'The role in the current account' }) role: Role | null;
  @ApiProperty({ type: [ProfileAccountView] }) accounts: ProfileAccountView[];
}

export class AccessTokenView {
  @ApiProperty({ description: 'Shown here and by GET /profile; stored hashed' }) access_token: string;
}

export class ProfileWithTokenView extends ProfileView implements AccessTokenView {
  @ApiProperty() access_token: string;
}

/** What a sign-in link gives, once. */
export class SsoSignInView implements SsoSignIn {
  @ApiProperty({ description: 'A new access token of the user' }) access_token: string;
  @ApiProperty({ type: ProfileView }) user: ProfileView;
}
