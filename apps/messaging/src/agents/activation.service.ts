import { Injectable } from '@nestjs/common';
import { IdentityEvents, InvitationErrors, type ActivateInput, type Profile } from '@parley/contracts';
import { DomainError, hashAccessToken, Outbox } from '@parley/service-kit';
import { MoreThan } from 'typeorm';
import { IdentityService } from '../identity/identity.service';
import { assertPasswordStrength, hashPassword } from '../identity/password.rules';
import { UserEntity } from '../identity/persistence/user.orm-entity';

/** Turns a pending (invited) user into an active one with a password and an access token. */
@Injectable()
export class ActivationService {
  constructor(
    private readonly identity: IdentityService,
    private readonly outbox: Outbox,
  ) {}

  async activate(input: ActivateInput): Promise<Profile & { access_token: string }> {
    assertPasswordStrength(input.password);
    const passwordHash = await hashPassword(input.password);
    const { userId, token } = await this.outbox.transaction(async (tx, emit) => {
      const user = await tx.findOne(UserEntity, {
        where: { invitationTokenHash: hashAccessToken(input.token), invitationExpiresAt: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new DomainError(InvitationErrors.tokenInvalid, 'Invitation token is invalid or has expired', ['token']);
      user.passwordHash = passwordHash;
      user.confirmed = true;
      user.invitationTokenHash = null;
      user.invitationExpiresAt = null;
      await tx.save(user);
      const accessToken = await this.identity.issueToken(tx, user.id);
      await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
      return { userId: user.id, token: accessToken };
    });
    return { ...(await this.identity.profile(userId)), access_token: token };
  }
}
