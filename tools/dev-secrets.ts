import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Local state of `npm start` (git-ignored): generated secrets and service logs (`PARLEY_STATE_DIR` moves it). */
export const DEV_DIR = process.env.PARLEY_STATE_DIR ?? join(process.cwd(), '.parley');
/** A secret from the environment, else the one generated for this checkout (kept in `.parley/`). */
function devSecret(variable: string, file: string, create: boolean): string | undefined {
  if (process.env[variable]) return process.env[variable];
  const path = join(DEV_DIR, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  if (!create) return undefined;
  mkdirSync(DEV_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function platformApiToken(create: boolean): string | undefined {
  return devSecret('PLATFORM_API_TOKEN', 'platform-api-token', create);
}

export function attachmentUrlSecret(): string {
  return devSecret('ATTACHMENT_URL_SECRET', 'attachment-url-secret', true)!;
}
