/**
 * Where each context's files of an account live in the shared storage: the gateway stores
 * uploads under these prefixes, and each owner removes its prefix when the account is deleted.
 */
export const AccountFiles = {
  /** Message attachments (messaging). */
  messages: (accountId: number): string => `${accountId}`,
  /** Contact CSV imports and their error reports (contacts). */
  contactImports: (accountId: number): string => `imports/${accountId}`,
  /** Card and note attachments (Kanban). */
  kanban: (accountId: number): string => `kanban/${accountId}`,
  /** Card CSV imports (Kanban). */
  kanbanImports: (accountId: number): string => `kanban-imports/${accountId}`,
} as const;
