import { randomBytes } from 'node:crypto';
import { platformApiToken } from './dev-secrets';

const gatewayUrl = process.env.PARLEY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

async function call(path: string, token: string, body: object): Promise<any> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', api_access_token: token },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** `npm run seed`: a demo account with an administrator, through the running gateway's Platform API. */
async function main(): Promise<void> {
  const platform = platformApiToken(false);
  if (!platform)
    throw new Error('No PLATFORM_API_TOKEN: set it, or start the system with `npm start` first (it generates one)');
  const account = await call('/platform/api/v1/accounts', platform, { name: 'Demo Account' });
  const email = `admin-${randomBytes(3).toString('hex')}@demo.parley.test`;
  const user = await call('/platform/api/v1/users', platform, { name: 'Demo Administrator', email });
  await call(`/platform/api/v1/accounts/${account.id}/account_users`, platform, {
    user_id: user.id,
    role: 'administrator',
  });
  process.stdout.write(
    [
      `Account:      ${account.name} (id ${account.id})`,
      `Administrator: ${email} (id ${user.id})`,
      `Access token: ${user.access_token}`,
      '',
      'Try it:',
      `  curl -H 'api_access_token: ${user.access_token}' ${gatewayUrl}/api/v1/accounts/${account.id}/labels`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  process.stderr.write(`Seeding failed: ${(error as Error).message}\n`);
  process.exit(1);
});
