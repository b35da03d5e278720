import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';
import { API_ROUTES, apiErrors, type ApiRoute } from '@lt/contracts';
import { OpenApiValidator } from '@lt/testing';
import { buildOpenApiDocument } from './openapi.document';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
}

/** Every `$ref` in the document, with where it is. */
function refsOf(value: unknown, at = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === '$ref' && typeof v === 'string' ? [[at, v] as [string, string]] : refsOf(v, `${at}/${key}`),
  );
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as unknown as Operation })),
  );

  it('is OpenAPI 3.1 with info, tags and paths', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual({ title: expect.any(String), version: expect.any(String), description: expect.any(String) });
    expect(operations.length).toBe(API_ROUTES.length);
    const tags = new Set(document.tags.map((t) => t.name));
    for (const { path, method, op } of operations) {
      expect([path, METHODS.includes(method)]).toEqual([path, true]);
      expect(path).toMatch(/^\//);
      expect(op.tags.every((t) => tags.has(t))).toBe(true);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
    }
    expect(new Set(operations.map(({ op }) => op.operationId)).size).toBe(operations.length);
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsOf(document);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter(([, ref]) => resolvePointer(document, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('declares every path parameter of a path template, and no other', () => {
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect([path, declared.map((p) => p.name).sort()]).toEqual([path, inPath]);
      expect(declared.every((p) => p.required)).toBe(true);
    }
  });

  it('has schemas that are valid JSON Schema 2020-12, shared ones as components', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
    const standalone = JSON.parse(JSON.stringify(document.components.schemas).replace(/#\/components\/schemas\//g, 'lt:c#/$defs/'));
    ajv.addSchema({ $id: 'lt:c', $defs: standalone });
    for (const id of Object.keys(document.components.schemas))
      expect([id, typeof ajv.getSchema(`lt:c#/$defs/${id}`)]).toEqual([id, 'function']);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'AuthSession', 'AuthUser', 'CreateRoomResponse', 'Room']),
    );
    // Compiles every body schema of every answer.
    const validator = new OpenApiValidator(document);
    for (const { path, method, op } of operations) {
      for (const status of Object.keys(op.responses)) validator.problems(method, path, Number(status), {});
    }
  });

  it('gives every error answer the error shape, and 429 its Retry-After', () => {
    for (const { path, method, op } of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect([method, path, status, answer.content?.['application/json'].schema]).toEqual([
          method,
          path,
          status,
          { $ref: '#/components/schemas/ApiError' },
        ]);
        if (status === '429') expect(answer.headers?.['Retry-After']).toBeDefined();
      }
    }
  });

  it('holds answers to it: documented statuses and shapes pass, anything else fails', () => {
    const validator = new OpenApiValidator(document);
    const error = { error: { code: 'room_not_found', message: 'Room not found' } };
    expect(validator.problems('GET', '/api/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', 404, error)).toEqual([]);
    expect(validator.problems('GET', '/api/view/x', 418, error)).toEqual(['GET /api/view/x answered 418, a status not documented for it']);
    expect(validator.problems('GET', '/api/view/x', 404, { error: { code: 'x' } })[0]).toMatch(/must have required property 'message'/);
    expect(
      validator.problems('GET', '/api/view/x', 200, { id: 'x', name: 'n', status: 'open', source_language: null }).length,
    ).toBeGreaterThan(0);
    expect(validator.problems('PATCH', '/api/rooms', 200, {})).toEqual(['PATCH /api/rooms: PATCH is not documented for /api/rooms']);
    expect(validator.problems('GET', '/api/nowhere', 200, {})).toEqual(['GET /api/nowhere is not a documented path']);
    expect(validator.problems('POST', '/api/auth/logout', 204, null, null)).toEqual([]);
    expect(validator.problems('POST', '/api/auth/logout', 204, { done: true })).toEqual([
      'POST /api/auth/logout answered 204 with a JSON body, documented as none',
    ]);
    expect(validator.problems('GET', '/api/auth/verify?token=t', 303, 'See Other.', 'text/plain')).toEqual([]);
    expect(validator.problems('GET', '/api/profile', 200, '<html>', 'text/html')).toEqual([
      'GET /api/profile answered 200 without the JSON body documented for it',
    ]);
  });

  it('is generated from the route table: a route added there appears with its schemas', () => {
    const extra: ApiRoute = {
      method: 'get',
      path: '/api/things/{thingId}',
      operationId: 'getThing',
      summary: 'A thing',
      tag: 'rooms',
      auth: 'bearer',
      params: z.object({ thingId: z.uuid() }),
      query: z.object({ full: z.enum(['yes', 'no']).optional() }),
      responses: { 200: { description: 'The thing', body: z.object({ id: z.uuid() }) }, ...apiErrors({ 404: ['thing_not_found'] }) },
    };
    const op = buildOpenApiDocument([...API_ROUTES, extra]).paths['/api/things/{thingId}'].get;
    expect(op).toMatchObject({
      operationId: 'getThing',
      security: [{ bearerAuth: [] }],
      parameters: [
        { name: 'thingId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'full', in: 'query', required: false, schema: { enum: ['yes', 'no'] } },
      ],
      responses: { 200: { content: { 'application/json': { schema: { type: 'object', required: ['id'] } } } }, 404: {}, 500: {} },
    });
    expect(() => buildOpenApiDocument([...API_ROUTES, API_ROUTES[0]])).toThrow(/listed twice/);
  });
});
