import { connect } from 'nats';

/** Deletes the JetStream streams of one run's namespace (their names start with it). */
export async function deleteRunStreams(natsUrl: string, namespace: string): Promise<void> {
  const connection = await connect({ servers: natsUrl.split(',') });
  try {
    const manager = await connection.jetstreamManager();
    const prefix = `${namespace.toUpperCase()}_`;
    for await (const stream of manager.streams.list()) {
      if (stream.config.name.startsWith(prefix)) await manager.streams.delete(stream.config.name);
    }
  } finally {
    await connection.close();
  }
}
