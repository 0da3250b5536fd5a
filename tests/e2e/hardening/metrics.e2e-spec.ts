import { createTestAccount, eventually, metricSample as sample, scrapeMetrics } from '@parley/testing';

/** Every deployable answers /metrics in Prometheus' text format, with the platform's metrics. */
describe('metrics', () => {
  const scrape = async (service: string) => {
    const { status, contentType, text } = await scrapeMetrics(service);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain/);
    return text;
  };

  beforeAll(async () => {
    // Some traffic: a request through the gateway to messaging, and an event consumed by others.
    const account = await createTestAccount();
    await account.admin.api.post('/labels', { title: `metrics-${Date.now()}` });
  });

  it.each(['gateway', 'messaging', 'contacts', 'campaigns', 'reporting', 'automation', 'kanban', 'webhook-dispatcher'])(
    '%s serves its process and platform metrics',
    async (service) => {
      const text = await scrape(service);
      expect(text).toContain(`parley_process_cpu_seconds_total{service="${service}"}`);
      expect(text).toContain('parley_nodejs_eventloop_lag_seconds');
      expect(text).toContain('parley_rpc_client_duration_seconds');
      if (service !== 'gateway') {
        expect(text).toContain('parley_outbox_backlog_events');
        expect(text).toContain('parley_db_pool_connections');
      }
    },
  );

  it('counts requests by route template, RPC round trips, outbox publications and consumed events', async () => {
    const gateway = await scrape('gateway');
    expect(
      sample(gateway, 'parley_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/accounts/:account_id/labels',
        status: '201',
      }),
    ).toBeGreaterThan(0);
    expect(
      sample(gateway, 'parley_rpc_client_duration_seconds_count', {
        pattern: 'messaging.labels.create',
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(gateway).toContain('parley_rate_limit_rejections_total');
    const messaging = await scrape('messaging');
    expect(
      sample(messaging, 'parley_rpc_server_duration_seconds_count', {
        pattern: 'messaging.labels.create',
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(sample(messaging, 'parley_outbox_published_total', {})).toBeGreaterThan(0);
    await eventually(async () =>
      expect(
        sample(await scrape('webhook-dispatcher'), 'parley_events_handled_total', { outcome: 'applied' }),
      ).toBeGreaterThan(0),
    );
    const dispatcher = await scrape('webhook-dispatcher');
    expect(sample(dispatcher, 'parley_consumer_pending_events', {})).toEqual(expect.any(Number));
    expect(dispatcher).toContain('parley_webhook_deliveries_total');
  });
});
