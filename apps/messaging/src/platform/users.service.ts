import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EMAIL_PATTERN, IdentityEvents, UserErrors, type CreateUserInput, type PlatformUser, type UpdateUserInput } from '@parley/contracts';
import { DomainError, findOneOrFail, isUniqueViolation, Outbox } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { toPlatformUser } from '../identity/identity.mapper';
import { IdentityService } from '../identity/identity.service';
import { assertPasswordStrength, hashPassword } from '../identity/password.rules';
import { UserEntity } from '../identity/persistence/user.orm-entity';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly identity: IdentityService,
    private readonly outbox: Outbox,
  ) {}

  /** Platform-created users are confirmed and get an access token, returned this once. */
  async create(input: CreateUserInput): Promise<PlatformUser> {
    const fields = await this.validated(input, true);
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const user = await tx.save(tx.create(UserEntity, { ...fields, confirmed: true }));
        const token = await this.identity.issueToken(tx, user.id);
        await emit(IdentityEvents.userCreated, null, { user_id: user.id, name: user.name, email: user.email });
        return toPlatformUser(user, token);
      });
    } catch (error) {
      throw translateEmailConflict(error);
    }
  }

  async show(id: number): Promise<PlatformUser> {
    return toPlatformUser(await findOneOrFail(this.users, { id }, 'User', UserErrors.notFound));
  }

  async update(id: number, input: UpdateUserInput): Promise<PlatformUser> {
    const user = await findOneOrFail(this.users, { id }, 'User', UserErrors.notFound);
    Object.assign(user, await this.validated(input, false));
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const saved = await tx.save(user);
        await emit(IdentityEvents.userUpdated, null, { user_id: saved.id, name: saved.name, email: saved.email });
        return toPlatformUser(saved);
      });
    } catch (error) {
      throw translateEmailConflict(error);
    }
  }

  async delete(id: number): Promise<null> {
    const user = await findOneOrFail(this.users, { id }, 'User', UserErrors.notFound);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(UserEntity, { id });
      await emit(IdentityEvents.userDeleted, null, { user_id: id, name: user.name, email: user.email });
    });
    return null;
  }

  private async validated(input: UpdateUserInput, creating: boolean): Promise<Partial<UserEntity>> {
    const fields: Partial<UserEntity> = {};
    if (creating || input.name !== undefined) {
      const name = input.name?.trim();
      if (!name) throw new DomainError(UserErrors.nameBlank, "Name can't be blank", ['name']);
      fields.name = name;
    }
    if (creating || input.email !== undefined) {
      const email = input.email?.trim().toLowerCase() ?? '';
      if (!EMAIL_PATTERN.test(email)) throw new DomainError(UserErrors.emailInvalid, 'Email is invalid', ['email']);
      fields.email = email;
    }
    if (input.display_name !== undefined) fields.displayName = input.display_name?.trim() || null;
    if (input.password !== undefined && input.password !== null) {
      assertPasswordStrength(input.password);
      fields.passwordHash = await hashPassword(input.password);
    }
    return fields;
  }
}

function translateEmailConflict(error: unknown): unknown {
  return isUniqueViolation(error, 'users_email_key') ? new DomainError(UserErrors.emailTaken, 'Email has already been taken', ['email']) : error;
}
