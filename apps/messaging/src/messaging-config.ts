import { EnvReader } from '@parley/service-kit';

export interface MessagingConfig {
  /** Base URL clients reach the API at; invitation links point there. */
  publicUrl: string;
}

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  const read = new EnvReader(env);
  const config = { publicUrl: read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, '') };
  read.assertValid('messaging');
  return config;
}
