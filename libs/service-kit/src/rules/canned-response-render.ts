import type { CannedResponseVariables } from '@parley/contracts';

const VARIABLE = /\{\{\s*([a-z_]+)\.([a-z_]+)\s*\}\}/g;

const RESOLVERS: Record<string, Record<string, (vars: CannedResponseVariables) => unknown>> = {
  contact: {
    name: (vars) => vars.contact?.name,
    email: (vars) => vars.contact?.email,
    phone_number: (vars) => vars.contact?.phone_number,
  },
  conversation: {
    id: (vars) => vars.conversation?.id,
    display_id: (vars) => vars.conversation?.display_id,
  },
  agent: {
    name: (vars) => vars.agent?.name,
  },
};

/**
 * Replaces the variables the contract names (`{{contact.name}}`, …, `{{agent.name}}`) with
 * their values (empty when the value is missing); anything else is left as written.
 */
export function renderCannedResponse(content: string, variables: CannedResponseVariables): string {
  return content.replace(VARIABLE, (whole, scope: string, field: string) => {
    const resolve = RESOLVERS[scope]?.[field];
    if (!resolve) return whole;
    const value = resolve(variables);
    return value === null || value === undefined ? '' : String(value);
  });
}
