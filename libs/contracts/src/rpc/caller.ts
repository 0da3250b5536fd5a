export const ROLES = ['administrator', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** The authenticated agent on whose behalf the gateway forwards a request. */
export interface Caller {
  user_id: number;
  role: Role;
}

/** Every account-scoped command or query carries the path's account and the caller. */
export interface AccountScoped {
  account_id: number;
  caller: Caller;
}

export interface ById extends AccountScoped {
  id: number;
}
