import { type Context, context, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { setSpanTracer } from '../core/spans.ts';
import type { DbStats } from '../db/stats.ts';

// Opt-in OpenTelemetry traces (ADR 036). On when an OTLP endpoint is set through the standard
// variables (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and neither
// OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none says otherwise. The SDK, the OTLP/HTTP
// exporter (which reads the other OTEL_EXPORTER_OTLP_* settings itself: headers, timeout) and
// @fastify/otel are loaded only then. Spans: each request (@fastify/otel: the request, its hooks
// and handler), each database statement (db.query, child of the request's span), and each log
// line carries trace_id and span_id.

// url: where spans are sent (OTLP/HTTP with JSON).
export type TracingConfig = { enabled: boolean; serviceName: string; url: string };

export function loadTracingConfig(env: NodeJS.ProcessEnv): TracingConfig {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const disabled =
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' ||
    env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none';
  // A signal-specific endpoint is used as it is; the general one gets /v1/traces (the spec's rule).
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
    ? (endpoint as string)
    : `${(endpoint ?? '').replace(/\/+$/, '')}/v1/traces`;
  return {
    enabled: Boolean(endpoint) && !disabled,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'yardshare',
    url,
  };
}

// The ids of the span the log line is written under, for pino's mixin.
export function traceIds(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

const UNTRACED = new Set(['/livez', '/readyz', '/metrics']);

// Starts the tracer and registers @fastify/otel on the app. Call before any route is added.
export async function registerTracing(
  app: FastifyInstance,
  cfg: TracingConfig,
  stats: DbStats,
): Promise<void> {
  if (!cfg.enabled) return;
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    otel,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@fastify/otel'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': cfg.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: cfg.url }))],
  });
  // The context manager (AsyncLocalStorage) and the W3C traceparent propagator.
  provider.register();
  const instrumentation = new otel.default({ ignorePaths: (r) => UNTRACED.has(r.url) });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  const tracer = provider.getTracer('yardshare');
  setSpanTracer(tracer);
  const origin = performance.timeOrigin;
  // Each statement as a span of the request (or job) it ran for.
  stats.traceContext = () => context.active();
  stats.onStatement = (sql, startedMs, failed, ctx) => {
    const parent = ctx as Context;
    if (!trace.getSpan(parent)) return;
    const span = tracer.startSpan(
      'db.query',
      {
        startTime: origin + startedMs,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': sql.slice(0, 1000) },
      },
      parent,
    );
    if (failed) span.setStatus({ code: 2 });
    span.end(origin + performance.now());
  };
  app.addHook('onClose', async () => {
    setSpanTracer(null);
    await provider.forceFlush().catch(() => {});
    await provider.shutdown().catch(() => {});
  });
}
