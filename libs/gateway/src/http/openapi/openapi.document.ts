import { z } from 'zod';
import { API_INFO, API_ROUTES, API_TAGS, type ApiAuth, type ApiResponse, type ApiRoute } from '@lt/contracts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

const COMPONENTS = '#/components/schemas/';
const BEARER = 'bearerAuth';
const HOST_KEY = 'hostKey';

const SECURITY: Record<ApiAuth, JsonSchema[] | undefined> = {
  none: undefined,
  bearer: [{ [BEARER]: [] }],
  // An empty requirement makes the token optional.
  optional: [{}, { [BEARER]: [] }],
  bearerOrHostKey: [{ [BEARER]: [] }, { [HOST_KEY]: [] }],
};

/**
 * Turns zod schemas into JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). Schemas with a `meta({ id })`
 * become shared components; zod names them under `$defs`, which are moved to `components.schemas`.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: Io): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) this.addComponent(id, def);
    return withComponentRefs(rest) as JsonSchema;
  }

  private addComponent(id: string, def: JsonSchema): void {
    const json = withComponentRefs(def) as JsonSchema;
    const existing = this.components[id];
    // A component read as input and as output can differ (defaults, transforms): one name, one shape.
    if (existing && JSON.stringify(existing) !== JSON.stringify(json)) throw new Error(`schema ${id} differs between its uses`);
    this.components[id] = json;
  }
}

function withComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withComponentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, COMPONENTS) : withComponentRefs(v),
    ]),
  );
}

function parameters(route: ApiRoute, schemas: SchemaConverter): JsonSchema[] {
  const of = (where: 'path' | 'query' | 'header', object: z.ZodObject | undefined) => {
    if (!object) return [];
    const json = schemas.convert(object, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    return Object.entries(properties).map(([name, { description, ...schema }]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema,
    }));
  };
  return [...of('path', route.params), ...of('query', route.query), ...of('header', route.headers)];
}

function response(answer: ApiResponse, schemas: SchemaConverter): JsonSchema {
  return {
    description: answer.description,
    ...(answer.headers && {
      headers: Object.fromEntries(
        Object.entries(answer.headers).map(([name, h]) => [
          name,
          { description: h.description, schema: schemas.convert(h.schema, 'output') },
        ]),
      ),
    }),
    ...(answer.body && { content: { [answer.contentType ?? 'application/json']: { schema: schemas.convert(answer.body, 'output') } } }),
  };
}

function operation(route: ApiRoute, schemas: SchemaConverter): JsonSchema {
  const params = parameters(route, schemas);
  const security = SECURITY[route.auth];
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    ...(params.length > 0 && { parameters: params }),
    ...(route.body && {
      requestBody: {
        required: route.bodyRequired ?? true,
        content: { 'application/json': { schema: schemas.convert(route.body, 'input') } },
      },
    }),
    responses: Object.fromEntries(
      Object.entries(route.responses)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, answer]) => [status, response(answer, schemas)]),
    ),
    ...(security && { security }),
  };
}

/** The OpenAPI 3.1 document of the gateway's HTTP API, generated from the route table of libs/contracts. */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): OpenApiDocument {
  const schemas = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is listed twice`);
    item[route.method] = operation(route, schemas);
  }
  return {
    openapi: '3.1.1',
    info: { ...API_INFO },
    tags: API_TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access_token of a session (1 hour)' },
        [HOST_KEY]: { type: 'apiKey', in: 'header', name: 'X-Host-Key', description: "A room's host key, as given when it was created" },
      },
    },
  };
}
