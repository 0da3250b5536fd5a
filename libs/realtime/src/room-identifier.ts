import { realtimeAccountStream } from '@parley/contracts';
import type { RoomIdentifier } from './realtime.ports';

/** Ids arrive as numbers from the dashboard, as strings from hand-written clients. */
function optionalId(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The identifier string of a subscribe command, or null when it is not a RoomChannel one. */
export function parseRoomIdentifier(raw: string): RoomIdentifier | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { channel, pubsub_token, user_id, account_id } = parsed as Record<string, unknown>;
  if (channel !== 'RoomChannel' || typeof pubsub_token !== 'string' || pubsub_token.length === 0) return null;
  const userId = optionalId(user_id);
  const accountId = optionalId(account_id);
  if (userId === null || accountId === null) return null;
  const identifier: RoomIdentifier = { channel, pubsub_token };
  if (userId !== undefined) identifier.user_id = userId;
  if (accountId !== undefined) identifier.account_id = accountId;
  return identifier;
}

/** The stream every agent of an account listens to (`contact.*` events). */
export const accountStreamKey = realtimeAccountStream;
