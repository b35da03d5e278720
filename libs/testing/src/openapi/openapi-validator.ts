import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Json = Record<string, unknown>;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** The parts of an OpenAPI 3.1 document the validator reads. */
export interface OpenApiDocumentLike {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Json> };
}

const COMPONENTS_ID = 'lt:components';

/** `#/components/schemas/X` inside the document is `lt:components#/$defs/X` once the schemas stand alone. */
function standalone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(standalone);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' ? v.replace(/^#\/components\/schemas\//, `${COMPONENTS_ID}#/$defs/`) : standalone(v),
    ]),
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Holds real HTTP answers to an OpenAPI document: the method and path must be documented, with the status,
 * and the body must match that status's schema (or be empty when it has none).
 */
export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literal: boolean }[];

  constructor(private readonly document: OpenApiDocumentLike) {
    // Formats are only annotations here: zod writes a pattern next to each one, and ajv checks that.
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false, allErrors: true });
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: standalone(document.components?.schemas ?? {}) as Json });
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        literal: !template.includes('{'),
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map(escapeRegExp)
            .join('[^/]+')}$`,
        ),
      }))
      // A literal path wins over a template that also matches.
      .sort((a, b) => Number(b.literal) - Number(a.literal));
  }

  /** The documented path (template) a request path falls under, if any. */
  pathOf(path: string): string | undefined {
    const bare = path.split(/[?#]/)[0];
    return this.templates.find((t) => t.pattern.test(bare))?.template;
  }

  /** What is wrong with an answer by the document; empty when it matches. */
  problems(method: string, path: string, status: number, body: unknown, contentType: string | null = 'application/json'): string[] {
    const m = method.toLowerCase();
    const template = this.pathOf(path);
    const call = `${method.toUpperCase()} ${path.split('?')[0]}`;
    if (!template) return [`${call} is not a documented path`];
    const operation = this.document.paths[template][m] as Operation | undefined;
    if (!operation) return [`${call}: ${method.toUpperCase()} is not documented for ${template}`];
    const answer = operation.responses?.[String(status)];
    if (!answer) return [`${call} answered ${status}, a status not documented for it`];
    const schema = answer.content?.['application/json']?.schema;
    const json = body !== null && body !== undefined && body !== '' && /\bjson\b/.test(contentType ?? '');
    // A redirect's short text for people is not part of the API; a JSON body is.
    if (!schema) return json ? [`${call} answered ${status} with a JSON body, documented as none`] : [];
    if (!json) return [`${call} answered ${status} without the JSON body documented for it`];
    const validate = this.validatorFor(`${m} ${template} ${status}`, schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${call} answered ${status}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** Throws, with the answer's body, unless it matches the document. */
  assert(method: string, path: string, status: number, body: unknown, contentType?: string | null): void {
    const problems = this.problems(method, path, status, body, contentType);
    if (problems.length > 0) throw new Error(`answer not as documented:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(body)}`);
  }

  private validatorFor(key: string, schema: Json): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(standalone(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
