import type { CredentialCipher } from './credential-cipher';
import { isPlainObject, isWriteOnlyField } from './write-only-fields';

type Seal = (value: string, context: string) => string;

function mapSecrets<T>(settings: T, context: string, seal: Seal): T {
  if (!isPlainObject(settings)) return settings;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    const where = `${context}:${name}`;
    if (isWriteOnlyField(name) && value !== null && value !== undefined) {
      if (typeof value !== 'string') throw new TypeError(`channel secret ${name} must be a string`);
      result[name] = seal(value, where);
    } else {
      result[name] = isPlainObject(value) ? mapSecrets(value, where, seal) : value;
    }
  }
  return result as T;
}

/**
 * The settings with every write-only field sealed, each bound to its place
 * (`<context>:<field>`, e.g. `inbox:42:provider_config:api_key`).
 */
export function encryptSecrets<T>(cipher: CredentialCipher, settings: T, context: string): T {
  return mapSecrets(settings, context, (value, where) => cipher.encrypt(value, where));
}

/** The settings with their sealed fields opened, for an adapter; never to be shown or logged. */
export function decryptSecrets<T>(cipher: CredentialCipher, settings: T, context: string): T {
  return mapSecrets(settings, context, (value, where) => cipher.decrypt(value, where));
}
