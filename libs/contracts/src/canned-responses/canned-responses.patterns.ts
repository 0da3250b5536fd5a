import type { AccountScoped, ById } from '../rpc/caller';
import type { CannedResponse, CreateCannedResponseInput, UpdateCannedResponseInput } from './canned-response.types';

export const CannedResponsePatterns = {
  list: 'messaging.canned_responses.list',
  create: 'messaging.canned_responses.create',
  update: 'messaging.canned_responses.update',
  delete: 'messaging.canned_responses.delete',
} as const;

export interface CannedResponsesRpc {
  [CannedResponsePatterns.list]: { request: AccountScoped & { search?: string }; response: CannedResponse[] };
  [CannedResponsePatterns.create]: {
    request: AccountScoped & { data: CreateCannedResponseInput };
    response: CannedResponse;
  };
  [CannedResponsePatterns.update]: { request: ById & { data: UpdateCannedResponseInput }; response: CannedResponse };
  [CannedResponsePatterns.delete]: { request: ById; response: null };
}
