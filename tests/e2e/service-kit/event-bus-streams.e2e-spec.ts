import { deleteRunStreams, readE2eState } from '@parley/testing';
import { EventBus, loadServiceConfig } from '@parley/service-kit';

/**
 * Every service sets up the streams when it starts, and a deployment starts them together: each
 * must come up whichever of them creates a stream first (JetStream answers the loser "already in
 * use", or "subjects overlap" while the winner's add settles).
 */
describe('event bus stream set-up (real JetStream)', () => {
  const state = readE2eState();
  const SERVICES = ['messaging', 'contacts', 'campaigns', 'reporting', 'automation', 'kanban'] as const;

  /** Four replicas of each service: with fewer, the race shows too seldom to test. */
  const busesOf = (namespace: string): EventBus[] =>
    SERVICES.flatMap((service) => [service, service, service, service]).map(
      (service) =>
        new EventBus(
          loadServiceConfig(service, {
            NATS_URL: state.natsUrl,
            NATS_NAMESPACE: namespace,
            DATABASE_URL: state.databaseUrl,
          }),
        ),
    );

  it('sets the streams up when every service creates them at once', async () => {
    const namespace = `${state.namespace}_streams`;
    const buses = busesOf(namespace);
    try {
      await Promise.all(buses.map((bus) => bus.connect()));
      const [first] = buses;
      for (let round = 0; round < 60; round++) {
        // Each round starts from no streams, as a new deployment does.
        await deleteRunStreams(state.natsUrl, namespace);
        const results = await Promise.allSettled(buses.map((bus) => bus.ensureStreams()));
        expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
        for (const name of [first.eventsStream, first.realtimeStream, first.deadLetterStream])
          expect((await first.jetstreamManager.streams.info(name)).config.name).toBe(name);
      }
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteRunStreams(state.natsUrl, namespace);
    }
  });
});
