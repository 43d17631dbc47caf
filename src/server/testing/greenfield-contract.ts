import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// BTCPay Server's Greenfield API as BTCPay publishes it (vendor/btcpay-greenfield, v2.4.1, MIT),
// checked by a standard JSON Schema validator (Ajv), not by our own zod schemas: the test BTCPay
// validates every request Yardshare sends and every answer it gives against it (ADR 044).
//
// Two things are added to the document, both stricter than BTCPay and both on purpose:
// - Objects are closed: a property the document does not name is refused. BTCPay itself ignores an
//   unknown request field (Newtonsoft.Json), so a misspelt field would silently do nothing there.
// - Where the running server differs from its document, CORRECTIONS below say how, each naming the
//   BTCPay source file that shows it; the test BTCPay answers as the server does.

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vendor', 'btcpay-greenfield');
const FILES = [
  'swagger.template.json',
  'swagger.template.invoices.json',
  'swagger.template.pull-payments.json',
  'swagger.template.payout-processors.json',
  'swagger.template.webhooks.json',
  'swagger.template.stores-payment-methods.json',
];

type Schema = Record<string, unknown>;
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: { API_Key?: string[] }[];
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, Schema>>;
  'x-webhooks': Record<string, { post: Operation }>;
};

// BTCPay merges its templates into one document (DefaultSwaggerProvider.cs): paths, components
// and x-webhooks side by side.
function loadDocument(): Doc {
  const doc: Doc = { paths: {}, components: {}, 'x-webhooks': {} };
  for (const f of FILES) {
    const part = JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
    Object.assign(doc.paths, part.paths ?? {});
    Object.assign(doc['x-webhooks'], part['x-webhooks'] ?? {});
    for (const [kind, items] of Object.entries<Record<string, Schema>>(part.components ?? {}))
      doc.components[kind] = { ...doc.components[kind], ...items };
  }
  return doc;
}

// Where BTCPay Server 2.4.1 answers or checks differently from its document.
export const CORRECTIONS: { what: string; source: string; apply: (doc: Doc) => void }[] = [
  {
    what: 'PayoutData.date is a unix time number, not the string the document says',
    source: 'BTCPayServer.Client/Models/PayoutData.cs (DateTimeToUnixTimeConverter on Date)',
    apply: (doc) => {
      const date = (doc.components.schemas.PayoutData.properties as Record<string, Schema>).date;
      date.type = 'integer';
    },
  },
  {
    what: 'PayoutData.paymentProof is null until a proof is stored (the document says object)',
    source:
      'BTCPayServer/Data/Payouts/PayoutExtensions.cs (GetProofBlobJson returns null), read by ToModel in GreenfieldPullPaymentController.cs',
    apply: (doc) => {
      const props = doc.components.schemas.PayoutData.properties as Record<string, Schema>;
      props.paymentProof = { anyOf: [props.paymentProof, { type: 'null' }] };
    },
  },
  {
    what: 'A pull payment name is at most 50 characters (422 otherwise)',
    source: 'BTCPayServer/Controllers/GreenField/GreenfieldPullPaymentController.cs (CreatePullPayment)',
    apply: (doc) => {
      const body = doc.paths['/api/v1/stores/{storeId}/pull-payments'].post.requestBody!.content![
        'application/json'
      ].schema as { properties: Record<string, Schema> };
      body.properties.name.maxLength = 50;
    },
  },
  {
    what: 'Reading a payout needs btcpay.store.canviewpayouts (the document says canmanagepullpayments)',
    source: 'BTCPayServer/Controllers/GreenField/GreenfieldPullPaymentController.cs (GetStorePayout)',
    apply: (doc) => {
      doc.paths['/api/v1/payouts/{payoutId}'].get.security = [{ API_Key: ['btcpay.store.canviewpayouts'] }];
      doc.paths['/api/v1/stores/{storeId}/payouts'].get.security = [
        { API_Key: ['btcpay.store.canviewpayouts'] },
      ];
    },
  },
  {
    what: 'A payout webhook carries the envelope of every store webhook (deliveryId, type, storeId...)',
    source: 'BTCPayServer.Client/Models/WebhookPayoutEvent.cs (extends StoreWebhookEvent)',
    apply: (doc) => {
      const envelope = doc.components.schemas.WebhookEvent as { properties: Record<string, Schema> };
      for (const type of ['PayoutCreated', 'PayoutApproved', 'PayoutUpdated']) {
        const body = doc['x-webhooks'][type].post.requestBody!.content!['application/json'].schema as {
          properties: Record<string, Schema>;
        };
        body.properties = { ...envelope.properties, storeId: { type: 'string' }, ...body.properties };
      }
    },
  },
];

// Inline request and answer schemas become named components, so Ajv can reference each one.
function hoist(doc: Doc) {
  const named = new Map<string, string>();
  const name = (key: string, schema: Schema) => {
    const id = `__${key.replace(/[^A-Za-z0-9]+/g, '_')}`;
    doc.components.schemas[id] = schema;
    named.set(key, id);
  };
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      if (typeof op !== 'object' || !op || Array.isArray(op)) continue;
      const req = op.requestBody?.content?.['application/json']?.schema;
      if (req) name(`${method.toUpperCase()} ${p} request`, req);
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        const s = r.content?.['application/json']?.schema;
        if (s) name(`${method.toUpperCase()} ${p} ${status}`, s);
      }
    }
  for (const [type, hook] of Object.entries(doc['x-webhooks'])) {
    const s = hook.post.requestBody?.content?.['application/json']?.schema;
    if (s) name(`webhook ${type}`, s);
  }
  return named;
}

// Closes every object where it is used whole: `unevaluatedProperties: false` sees the properties
// of its allOf parts and of a referenced schema, so a composed schema is closed once, at its root,
// and `additionalProperties: false` inside an allOf part (which would refuse its siblings'
// properties) is lifted to that root.
function close(schema: unknown, part = false): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const s of schema) close(s, part);
    return;
  }
  const s = schema as Schema;
  if (part && s.additionalProperties === false) delete s.additionalProperties;
  const objectLike = s.properties || s.allOf || s.$ref || s.anyOf;
  if (!part && objectLike && s.additionalProperties === undefined) s.unevaluatedProperties = false;
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) close(sub, true);
  if (s.properties)
    for (const sub of Object.values(s.properties as Record<string, unknown>)) close(sub, false);
  if (s.items) close(s.items, false);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') close(s.additionalProperties);
}

export type Contract = ReturnType<typeof greenfieldContract>;

export function greenfieldContract() {
  const doc = loadDocument();
  for (const c of CORRECTIONS) c.apply(doc);
  const named = hoist(doc);
  // Component schemas stay open (they are also allOf parts); the places that use them are closed.
  for (const s of Object.values(doc.components.schemas)) {
    const sch = s as Schema;
    if (sch.additionalProperties === false) delete sch.additionalProperties;
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(sch[key])) close(sch[key], true);
    if (sch.properties)
      for (const sub of Object.values(sch.properties as Record<string, unknown>)) close(sub, false);
    if (sch.items) close(sch.items, false);
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  for (const f of ['url', 'unix timestamp in seconds', 'int64', 'int32', 'date-time', 'uri', 'email', 'json'])
    ajv.addFormat(f, true);
  ajv.addSchema({ $id: 'greenfield', components: doc.components }, 'greenfield');
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string) => {
    const id = named.get(key);
    if (!id) return null;
    let v = compiled.get(id);
    if (!v) {
      v = ajv.compile({ $ref: `greenfield#/components/schemas/${id}`, unevaluatedProperties: false });
      compiled.set(id, v);
    }
    return v;
  };
  const errorsOf = (v: ValidateFunction, data: unknown) =>
    v(data) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${params(e.params)}`);

  // Finds the documented operation for a method and a concrete path ('/api/v1/payouts/abc').
  const route = (method: string, pathname: string) => {
    for (const p of Object.keys(doc.paths)) {
      const re = new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const op = doc.paths[p][method.toLowerCase()];
      if (re.test(pathname) && op && typeof op === 'object') return { path: p, op };
    }
    return null;
  };

  return {
    route,
    // The permissions the document (as corrected) asks for an operation.
    permissions(method: string, pathname: string): string[] {
      const r = route(method, pathname);
      return r?.op.security?.flatMap((s) => s.API_Key ?? []) ?? [];
    },
    // Errors in a request body: [] when it fits. An undocumented route is an error too.
    request(method: string, pathname: string, body: unknown): string[] {
      const r = route(method, pathname);
      if (!r) return [`${method} ${pathname} is not in BTCPay's Greenfield API`];
      const v = validatorFor(`${method.toUpperCase()} ${r.path} request`);
      if (!v) return body === undefined ? [] : [`${method} ${r.path} takes no body`];
      return errorsOf(v, body);
    },
    // Errors in an answer: [] when it fits what the document says that status carries.
    response(method: string, pathname: string, status: number, body: unknown): string[] {
      const r = route(method, pathname);
      if (!r) return [`${method} ${pathname} is not in BTCPay's Greenfield API`];
      const v =
        validatorFor(`${method.toUpperCase()} ${r.path} ${status}`) ??
        validatorFor(`${method.toUpperCase()} ${r.path} default`);
      if (!v) {
        if (r.op.responses?.[String(status)] || status >= 400) return [];
        return [`${method} ${r.path} does not answer ${status}`];
      }
      return errorsOf(v, body);
    },
    // Errors in a webhook body of a type BTCPay sends.
    webhook(type: string, body: unknown): string[] {
      const v = validatorFor(`webhook ${type}`);
      if (!v) return [`${type} is not a webhook BTCPay sends`];
      return errorsOf(v, body);
    },
  };
}

const params = (p: Record<string, unknown>) => {
  const extra = p.unevaluatedProperty ?? p.additionalProperty ?? p.allowedValues ?? p.limit;
  return extra === undefined ? '' : ` (${JSON.stringify(extra)})`;
};
