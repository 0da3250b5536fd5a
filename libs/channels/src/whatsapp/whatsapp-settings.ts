/** A WhatsApp Cloud inbox's channel fields, with the reference's names; secrets decrypted. */
export interface WhatsAppChannelSettings {
  provider?: 'whatsapp_cloud';
  provider_config: {
    /** The system user's access token (write-only). */
    api_key?: string | null;
    phone_number_id?: string | null;
    business_account_id?: string | null;
    /** Signs the webhooks Meta posts (write-only). */
    app_secret?: string | null;
    /** What Meta's verification handshake must present (generated when not given). */
    webhook_verify_token?: string | null;
  };
}
