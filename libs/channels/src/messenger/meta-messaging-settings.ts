/** A Messenger (Facebook Page) or Instagram inbox's channel fields; tokens and the app secret decrypted. */
export interface MetaMessagingSettings {
  /** Messenger. */
  page_id?: string | null;
  page_access_token?: string | null;
  /** Instagram. */
  instagram_id?: string | null;
  access_token?: string | null;
  app_secret?: string | null;
  webhook_verify_token?: string | null;
}

export type MetaMessagingKind = 'messenger' | 'instagram';

/** The account id and token of the inbox, whichever of the two it is. */
export function metaAccount(
  kind: MetaMessagingKind,
  settings: MetaMessagingSettings,
): { id: string | null; token: string | null } {
  return kind === 'messenger'
    ? { id: settings.page_id ?? null, token: settings.page_access_token ?? null }
    : { id: settings.instagram_id ?? null, token: settings.access_token ?? null };
}
