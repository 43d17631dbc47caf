import { type Attributes, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

// Spans around work that leaves the process (a payment provider's API, an e-mail), under the
// request or job it runs for (ADR 036). A no-op unless tracing is on: ops/tracing.ts hands over
// its tracer; without it the API hands out spans that record nothing.

let tracer: Tracer = trace.getTracer('yardshare');
export function setSpanTracer(t: Tracer | null) {
  tracer = t ?? trace.getTracer('yardshare');
}

const failed = (span: Span, err: unknown) => {
  span.recordException(err as Error);
  span.setStatus({ code: SpanStatusCode.ERROR });
};

// Runs `work` in a span named `name`, ended when it returns, resolves or throws.
export function inSpan<T>(name: string, attributes: Attributes, work: () => T): T {
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    let result: T;
    try {
      result = work();
    } catch (err) {
      failed(span, err);
      span.end();
      throw err;
    }
    if (!(result instanceof Promise)) {
      span.end();
      return result;
    }
    return result.then(
      (value) => {
        span.end();
        return value;
      },
      (err) => {
        failed(span, err);
        span.end();
        throw err;
      },
    ) as T;
  });
}

// The object with each of its methods, and those of its nested objects (a provider's payouts API),
// run in a span named prefix.method.
export function traced<T extends object>(target: T, prefix: string, attributes: Attributes): T {
  return new Proxy(target, {
    get(t, key) {
      const value = Reflect.get(t, key, t);
      if (typeof key !== 'string') return value;
      if (typeof value === 'function')
        return (...args: unknown[]) => inSpan(`${prefix}.${key}`, attributes, () => value.apply(t, args));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return traced(value, `${prefix}.${key}`, attributes);
      return value;
    },
  });
}
