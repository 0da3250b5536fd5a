import { Injectable } from '@nestjs/common';
import { InvitationErrors, type ActivateInput, type Profile } from '@parley/contracts';
import { DomainError, hashAccessToken, Outbox } from '@parley/service-kit';
import { IdentityService } from '../identity/identity.service';
import { IdentityWriter } from '../identity/identity.writer';
import { assertPasswordStrength, hashPassword } from '../identity/password.rules';

/** Turns a pending (invited) user into an active one with a password and an access token. */
@Injectable()
export class ActivationService {
  constructor(
    private readonly identity: IdentityService,
    private readonly writer: IdentityWriter,
    private readonly outbox: Outbox,
  ) {}

  async activate(input: ActivateInput): Promise<Profile & { access_token: string }> {
    assertPasswordStrength(input.password);
    const passwordHash = await hashPassword(input.password);
    const { userId, token } = await this.outbox.transaction(async (tx, emit) => {
      const id = await this.writer.acceptInvitation(tx, emit, hashAccessToken(input.token), passwordHash);
      if (id === null)
        throw new DomainError(InvitationErrors.tokenInvalid, 'Invitation token is invalid or has expired', ['token']);
      return { userId: id, token: await this.identity.issueToken(tx, id) };
    });
    return { ...(await this.identity.profile(userId)), access_token: token };
  }
}
