export * from './port/channel-adapter';
export * from './port/outgoing-message';
export * from './port/inbound-message';
export * from './port/delivery-status';
export * from './credentials/credential-keys';
export * from './credentials/credential-cipher';
export * from './credentials/channel-secrets';
export * from './credentials/write-only-fields';
