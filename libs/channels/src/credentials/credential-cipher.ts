import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { credentialKeysFromEnv, type CredentialKey } from './credential-keys';

const PREFIX = 'enc:v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored credential that no configured key opens, or that was altered. Never holds the secret. */
export class CredentialDecryptionError extends Error {
  constructor(reason: string) {
    super(`channel credential cannot be decrypted: ${reason}`);
    this.name = 'CredentialDecryptionError';
  }
}

/**
 * AES-256-GCM for channel secrets at rest. A ciphertext reads
 * `enc:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url), so after a rotation the previous keys
 * still open what they sealed. `context` (e.g. `inbox:42:smtp_password`) is authenticated
 * data: a ciphertext copied to another inbox or field does not open there.
 */
export class CredentialCipher {
  private readonly keys: Map<string, Buffer>;

  constructor(
    private readonly current: CredentialKey,
    previous: CredentialKey[] = [],
  ) {
    this.keys = new Map([...previous, current].map((key) => [key.id, key.bytes]));
  }

  /** Null when `CHANNEL_CREDENTIALS_KEY` is unset; throws when a key is malformed. */
  static fromEnv(env: Record<string, string | undefined>): CredentialCipher | null {
    const keys = credentialKeysFromEnv(env);
    return keys ? new CredentialCipher(keys.current, keys.previous) : null;
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      PREFIX,
      this.current.id,
      iv.toString('base64url'),
      sealed.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join(':');
  }

  decrypt(ciphertext: string, context: string): string {
    const parts = ciphertext.split(':');
    if (parts.length !== 6 || `${parts[0]}:${parts[1]}` !== PREFIX)
      throw new CredentialDecryptionError('not a sealed credential');
    const [, , keyId, iv, sealed, tag] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new CredentialDecryptionError(`sealed with key ${keyId}, which is not configured`);
    const tagBytes = Buffer.from(tag, 'base64url');
    const ivBytes = Buffer.from(iv, 'base64url');
    if (tagBytes.length !== TAG_BYTES || ivBytes.length !== IV_BYTES) throw new CredentialDecryptionError('malformed');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialDecryptionError('altered, or sealed for another field');
    }
  }

  /** False when a previous key sealed it: write it again with `encrypt` to finish a rotation. */
  isCurrent(ciphertext: string): boolean {
    return ciphertext.startsWith(`${PREFIX}:${this.current.id}:`);
  }
}
