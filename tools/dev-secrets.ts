import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Local state of `npm start` (git-ignored): generated secrets and service logs. */
export const DEV_DIR = join(process.cwd(), '.parley');
const PLATFORM_TOKEN_FILE = join(DEV_DIR, 'platform-api-token');

/** PLATFORM_API_TOKEN from the environment, else the one generated for this checkout. */
export function platformApiToken(create: boolean): string | undefined {
  if (process.env.PLATFORM_API_TOKEN) return process.env.PLATFORM_API_TOKEN;
  if (existsSync(PLATFORM_TOKEN_FILE)) return readFileSync(PLATFORM_TOKEN_FILE, 'utf8').trim();
  if (!create) return undefined;
  mkdirSync(DEV_DIR, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(PLATFORM_TOKEN_FILE, `${token}\n`, { mode: 0o600 });
  return token;
}
