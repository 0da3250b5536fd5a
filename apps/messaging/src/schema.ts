import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';
import { AccessTokenEntity } from './identity/persistence/access-token.orm-entity';
import { AccountUserEntity } from './identity/persistence/account-user.orm-entity';
import { AccountEntity } from './identity/persistence/account.orm-entity';
import { UserEntity } from './identity/persistence/user.orm-entity';
import { LabelEntity } from './labels/label.orm-entity';
import { Identity1732233600001 } from './migrations/1732233600001-identity-and-labels';

/** The tables of the `messaging` schema and the migrations that build them, in order. */
export const messagingSchema: SchemaDefinition = {
  entities: [AccountEntity, UserEntity, AccessTokenEntity, AccountUserEntity, LabelEntity],
  migrations: [kitTablesMigration('messaging'), Identity1732233600001],
};
