import { Injectable } from '@nestjs/common';
import {
  EMAIL_PATTERN,
  UserErrors,
  type CreateUserInput,
  type PlatformUser,
  type UpdateUserInput,
} from '@parley/contracts';
import { DomainError, isUniqueViolation, Outbox } from '@parley/service-kit';
import { IdentityLoader } from '../identity/identity.loader';
import { IdentityService } from '../identity/identity.service';
import { IdentityWriter, type UserFields } from '../identity/identity.writer';
import { assertPasswordStrength, hashPassword } from '../identity/password.rules';

@Injectable()
export class UsersService {
  constructor(
    private readonly loader: IdentityLoader,
    private readonly writer: IdentityWriter,
    private readonly identity: IdentityService,
    private readonly outbox: Outbox,
  ) {}

  /** Platform-created users are confirmed and get an access token, returned this once. */
  async create(input: CreateUserInput): Promise<PlatformUser> {
    const fields = await this.validated(input, true);
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const user = await this.writer.createUser(tx, emit, { ...fields, confirmed: true });
        return { ...user, access_token: await this.identity.issueToken(tx, user.id) };
      });
    } catch (error) {
      throw translateEmailConflict(error);
    }
  }

  async show(id: number): Promise<PlatformUser> {
    return (await this.loader.platformUser(id)) ?? notFound();
  }

  async update(id: number, input: UpdateUserInput): Promise<PlatformUser> {
    await this.show(id);
    const fields = await this.validated(input, false);
    try {
      return (await this.outbox.transaction((tx, emit) => this.writer.updateUser(tx, emit, id, fields))) ?? notFound();
    } catch (error) {
      throw translateEmailConflict(error);
    }
  }

  async delete(id: number): Promise<null> {
    if (!(await this.outbox.transaction((tx, emit) => this.writer.deleteUser(tx, emit, id)))) notFound();
    return null;
  }

  private async validated(input: UpdateUserInput, creating: boolean): Promise<UserFields> {
    const fields: UserFields = {};
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

function notFound(): never {
  throw new DomainError(UserErrors.notFound, 'User not found');
}

function translateEmailConflict(error: unknown): unknown {
  return isUniqueViolation(error, 'users_email_key')
    ? new DomainError(UserErrors.emailTaken, 'Email has already been taken', ['email'])
    : error;
}
