import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser } from '../testing/factories.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { waitUntil } from '../testing/wait.ts';
import { loadTracingConfig } from './tracing.ts';

// Opt-in OpenTelemetry (ADR 036): with an OTLP endpoint set, requests and their database
// statements arrive at the collector as spans of one trace, the caller's traceparent is honoured,
// and the request's log lines carry its trace id. The collector here is a plain HTTP server
// that keeps what the OTLP/HTTP exporter posts (JSON).
type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string };
const spans: Span[] = [];
const collector = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const doc = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
    for (const r of doc.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => collector.close(() => r())));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});
// The exporter sends its batch every 100 ms instead of every 5 s (OpenTelemetry's own setting, read
// once when the app builds its span processor): the tests wait for the spans, not for the clock.
process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
const { app } = await buildTestApp(
  { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, LOG_LEVEL: 'info' },
  { logStream },
);
delete process.env.OTEL_BSP_SCHEDULE_DELAY;

describe('OpenTelemetry traces', () => {
  it('are off unless an OTLP endpoint is set, and OTEL_SDK_DISABLED turns them off', () => {
    expect(loadTracingConfig({}).enabled).toBe(false);
    expect(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toEqual({
      enabled: true,
      serviceName: 'yardshare',
      url: 'http://c:4318/v1/traces',
    });
    expect(
      loadTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/t', OTEL_SERVICE_NAME: 'ys' }),
    ).toEqual({ enabled: true, serviceName: 'ys', url: 'http://c/t' });
    expect(
      loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SDK_DISABLED: 'true' }).enabled,
    ).toBe(false);
  });

  it('a request and its database statements are one trace, under the caller traceparent; its log lines name it', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.inject({
      method: 'GET',
      url: '/api/listings/987654',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'traced-1' },
    });
    expect(res.statusCode).toBe(404);
    await waitUntil(() => spans.some((s) => s.traceId === traceId && s.name === 'db.query'), {
      what: 'the request and statement spans at the collector',
      timeoutMs: 20_000,
    });
    const mine = spans.filter((s) => s.traceId === traceId);
    const ids = new Set(mine.map((s) => s.spanId));
    const db = mine.filter((s) => s.name === 'db.query');
    // Each statement's parent is a span of the same request.
    for (const s of db) expect(ids.has(s.parentSpanId!)).toBe(true);
    // The request span's parent is the caller's span.
    expect(mine.some((s) => s.parentSpanId === '00f067aa0ba902b7')).toBe(true);
    const logged = lines.filter((l) => l.reqId === 'traced-1');
    expect(logged.length).toBeGreaterThan(0);
    // Every line after the span began; Fastify's own "incoming request" comes before any hook
    // and is tied to the rest by its reqId.
    for (const l of logged.filter((x) => x.msg !== 'incoming request'))
      expect(l.trace_id, String(l.msg)).toBe(traceId);
    expect(logged.map((l) => l.msg)).toContain('request completed');
  });

  it('calls to the payment provider and each e-mail sent are spans', async () => {
    // The sandbox provider's API, through the provider every service is given.
    const charge = await app.services.provider.createCharge({
      reference: 'traced-charge',
      amountCents: 10_600,
      currency: 'USD',
      name: 'Traced rent',
      description: 'One month',
      metadata: { bookingId: 1 },
      redirectUrl: 'http://localhost/payment/success',
      cancelUrl: 'http://localhost/payment/cancel',
    });
    expect(charge.chargeId).toBeTruthy();
    // Registering queues the address's confirmation; the outbox job sends it.
    await registerUser(app);
    await app.mail.deliverDue(new Date(Date.now() + 60_000));
    await waitUntil(
      () =>
        spans.some((s) => s.name === 'payment_provider.createCharge') &&
        spans.some((s) => s.name === 'mail.send'),
      { what: 'the provider and mail spans at the collector', timeoutMs: 20_000 },
    );
  });

  it('health and metrics are not traced', async () => {
    const before = spans.length;
    await app.inject({ method: 'GET', url: '/livez' });
    await app.inject({ method: 'GET', url: '/api/listings/987655' });
    await waitUntil(() => spans.length > before, { what: 'the next spans', timeoutMs: 20_000 });
    expect(spans.filter((s) => s.name.includes('/livez'))).toEqual([]);
  });
});
