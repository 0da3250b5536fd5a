import { context, propagation, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';

/** W3C trace context as it travels in HTTP and NATS headers and in event metadata. */
export type TraceCarrier = Record<string, string | undefined>;

let shutdownTracing: (() => Promise<void>) | null = null;
/** Off, spans are skipped outright: even the no-op tracer costs a context, a closure and a promise per call. */
let tracingOn = false;

/**
 * OpenTelemetry tracing, off unless an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`): then
 * spans are exported over OTLP/HTTP and the W3C `traceparent` is carried HTTP → NATS → outbox →
 * consumers → outgoing webhooks. Off, the API below costs nothing (no SDK is even loaded).
 */
export function startTracing(service: string, env: Record<string, string | undefined> = process.env): boolean {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : undefined);
  if (!url || shutdownTracing) return false;
  // Loaded only when tracing is on: a service without it never pays for the SDK.
  const { BatchSpanProcessor, NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': `parley-${service}` }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url }), {
        scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY ?? 5000),
      }),
    ],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  shutdownTracing = () => provider.shutdown();
  tracingOn = true;
  return true;
}

/** Flushes the spans still buffered (on shutdown). */
export async function stopTracing(): Promise<void> {
  await shutdownTracing?.().catch(() => undefined);
}

/** The current trace context, written into a carrier (NATS headers, an event's metadata, webhook headers). */
export function currentTraceCarrier(): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

function contextFrom(carrier: TraceCarrier | undefined): Context {
  return carrier ? propagation.extract(context.active(), carrier) : context.active();
}

/**
 * Runs `work` in a span that continues the trace found in `carrier` (or the current one).
 * `kind`: server for requests received, consumer for events, client for calls made.
 */
export function inSpan<T>(
  name: string,
  kind: 'server' | 'consumer' | 'client',
  carrier: TraceCarrier | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracingOn) {
    try {
      return work();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  const tracer = trace.getTracer('parley');
  const spanKind = kind === 'server' ? SpanKind.SERVER : kind === 'consumer' ? SpanKind.CONSUMER : SpanKind.CLIENT;
  return tracer.startActiveSpan(name, { kind: spanKind }, contextFrom(carrier), async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A server span opened in one callback and closed in another (an HTTP request's hooks). */
export interface OpenSpan {
  /** Runs `work` with the span active: what it starts (requests, logs) belongs to the span. */
  run<T>(work: () => T): T;
  /** Closes the span, as failed when given a reason. */
  end(failure?: string): void;
}

/** A server span continuing the trace in `carrier`; null when tracing is off (nothing to pay for). */
export function openServerSpan(name: string, carrier: TraceCarrier | undefined): OpenSpan | null {
  if (!tracingOn) return null;
  const parent = contextFrom(carrier);
  const span = trace.getTracer('parley').startSpan(name, { kind: SpanKind.SERVER }, parent);
  const active = trace.setSpan(parent, span);
  return {
    run: (work) => context.with(active, work),
    end: (failure) => {
      if (failure) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
      span.end();
    },
  };
}
