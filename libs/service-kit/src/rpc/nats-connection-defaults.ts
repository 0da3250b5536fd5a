/**
 * Settings of every NATS connection the services open. Reconnect forever: NATS restarts must
 * not take a service down. No async traces: the client would capture a stack for every
 * publish and request, which costs more CPU than the message itself; our errors say where.
 */
export const NATS_CONNECTION_DEFAULTS = { maxReconnectAttempts: -1, noAsyncTraces: true } as const;
