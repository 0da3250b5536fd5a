import { randomBytes } from 'node:crypto';
import { readE2eState } from '../harness/e2e-state';
import { ApiClient } from './api-client';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** Account-scoped client: paths are relative to /api/v1/accounts/<id>. */
  api: ApiClient;
}

export interface TestAccount {
  id: number;
  admin: TestUser;
  addUser(role: 'administrator' | 'agent', name?: string): Promise<TestUser>;
}

/** The gateway with the run's platform token: the operator's view. */
export function platformClient(): ApiClient {
  const state = readE2eState();
  return new ApiClient(state.gatewayUrl, state.platformApiToken);
}

/** The gateway without a token. */
export function gatewayClient(token: string | null = null): ApiClient {
  return new ApiClient(readE2eState().gatewayUrl, token);
}

function expectStatus(response: { status: number; text: string }, status: number, what: string): void {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.text}`);
}

/** A fresh account with an administrator, created through the Platform API: tests never share one. */
export async function createTestAccount(name = `Test ${randomBytes(3).toString('hex')}`): Promise<TestAccount> {
  const platform = platformClient();
  const account = await platform.post('/platform/api/v1/accounts', { name });
  expectStatus(account, 201, 'Creating an account');
  const accountId: number = account.body.id;

  const addUser = async (
    role: 'administrator' | 'agent',
    userName = `${role} ${randomBytes(2).toString('hex')}`,
  ): Promise<TestUser> => {
    const email = `${role}-${randomBytes(6).toString('hex')}@example.com`;
    const user = await platform.post('/platform/api/v1/users', { name: userName, email });
    expectStatus(user, 201, 'Creating a user');
    const membership = await platform.post(`/platform/api/v1/accounts/${accountId}/account_users`, {
      user_id: user.body.id,
      role,
    });
    expectStatus(membership, 201, 'Adding the user to the account');
    const token: string = user.body.access_token;
    return {
      id: user.body.id,
      email,
      token,
      api: new ApiClient(`${readE2eState().gatewayUrl}/api/v1/accounts/${accountId}`, token),
    };
  };

  return { id: accountId, admin: await addUser('administrator'), addUser };
}
