import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SSO_LINK_TTL_SECONDS, UserErrors, type SsoLink, type SsoSignIn } from '@parley/contracts';
import { DomainError, generateAccessToken, hashAccessToken, Outbox } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { IdentityService } from '../identity/identity.service';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import type { SignInLinkRow } from './persistence/sign-in-link.row';

/**
 * Single-use sign-in links (the Platform API's `users/{id}/login`): the link's token gives the
 * user a fresh access token once, within `SSO_LINK_TTL_SECONDS`.
 */
@Injectable()
export class SignInLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly loader: IdentityLoader,
    private readonly identity: IdentityService,
    private readonly outbox: Outbox,
  ) {}

  async create(userId: number): Promise<SsoLink> {
    const user = await this.loader.platformUser(userId);
    if (!user) throw new DomainError(UserErrors.notFound, 'User not found');
    // A pending user's access tokens do not work until the invitation is accepted.
    if (!user.confirmed) throw new DomainError(UserErrors.notActivated, 'User has not activated their account yet');
    const { token, hash } = generateAccessToken();
    const row: Pick<SignInLinkRow, 'token_hash' | 'user_id'> = { token_hash: hash, user_id: userId };
    // Expired links are dropped as new ones are made, so the table stays small.
    await this.dataSource.query(
      `WITH expired AS (DELETE FROM messaging.sign_in_links WHERE expires_at < now())
       INSERT INTO messaging.sign_in_links (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [row.token_hash, row.user_id, SSO_LINK_TTL_SECONDS],
    );
    return { url: `${this.config.publicUrl}/auth/sso/${token}` };
  }

  /** Consumes the link: the DELETE … RETURNING lets only one of two concurrent uses through. */
  async signIn(token: string): Promise<SsoSignIn> {
    const invalid = () => new DomainError(UserErrors.signInLinkInvalid, 'The sign-in link is invalid or has expired');
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw invalid();
    const signedIn = await this.outbox.transaction(async (tx) => {
      const [[used]] = (await tx.query(
        `DELETE FROM messaging.sign_in_links WHERE token_hash = $1 AND expires_at > now() RETURNING user_id`,
        [hashAccessToken(token)],
      )) as [Array<Pick<SignInLinkRow, 'user_id'>>, number];
      // Links are made for activated users only, and a user never goes back to pending.
      if (!used) throw invalid();
      return { id: used.user_id, token: await this.identity.issueToken(tx, used.user_id) };
    });
    return { access_token: signedIn.token, user: await this.identity.profile(signedIn.id) };
  }
}
