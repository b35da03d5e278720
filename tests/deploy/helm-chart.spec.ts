import Ajv from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { gatewayEnvSchema } from '@lt/gateway';
import { roomsEnvSchema } from '@lt/rooms';
import { translateEnvSchema } from '@lt/translate';
import { hasPath, scanTemplate } from './template-values';

/** The chart as `helm install` sees it, checked without helm: values against the schema, templates against values.yaml. */
const ROOT = join(__dirname, '..', '..');
const CHART = join(ROOT, 'deploy/helm/translation-rooms');
const APPS = ['gateway', 'accounts-svc', 'rooms-svc', 'translate-svc', 'tts-svc', 'asr-svc'];

type Values = Record<string, unknown>;
const read = (path: string) => readFileSync(path, 'utf8');
const values: Values = parse(read(join(CHART, 'values.yaml')));
const schema = JSON.parse(read(join(CHART, 'values.schema.json')));
const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

/** Helm's coalescing of a values file onto the chart's: maps merge key by key, anything else replaces. */
function merged(base: unknown, override: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return override;
  if (typeof override !== 'object' || override === null || Array.isArray(override)) return override;
  const result: Values = { ...(base as Values) };
  for (const [key, value] of Object.entries(override)) result[key] = key in result ? merged(result[key], value) : value;
  return result;
}

function errorsOf(candidate: unknown): string[] {
  return validate(candidate) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

const examplesDir = join(CHART, 'examples');
const examples = readdirSync(examplesDir).filter((f) => /\.ya?ml$/.test(f));

describe('values.schema.json', () => {
  it('accepts the chart values', () => {
    expect(errorsOf(values)).toEqual([]);
  });

  it("names only variables the gateway reads, in the gateway's env and its checked limits", () => {
    const reads = new Set(Object.keys(gatewayEnvSchema.shape));
    const env = (values.apps as Record<string, { env: Values }>).gateway.env;
    const checked = schema.properties.apps.properties.gateway.allOf[1].properties.env.properties as Record<string, { not?: unknown }>;
    expect(Object.keys(env).filter((name) => !reads.has(name))).toEqual([]);
    expect(Object.keys(checked).filter((name) => !checked[name].not && !reads.has(name))).toEqual([]);
  });

  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it.each(examples)('accepts examples/%s over the chart values', (file) => {
    const example = parse(read(join(examplesDir, file)));
    expect(typeof example).toBe('object');
    expect(errorsOf(merged(values, example))).toEqual([]);
  });

  it.each([
    ['a misspelt top-level key', { metrcs: { enabled: true } }],
    ['a misspelt app', { apps: { gatway: { enabled: true, port: 8080 } } }],
    ['a misspelt app setting', { apps: { gateway: { replica: 3 } } }],
    ['a wrong type', { apps: { 'translate-svc': { replicas: 'two' } } }],
    ['an unknown log level', { config: { logLevel: 'loud' } }],
    ['an OTLP protocol the SDK does not read', { otel: { protocol: 'grpc' } }],
    ['a port out of range', { metrics: { port: 70000 } }],
    ['a public URL with a path', { config: { publicUrl: 'https://rooms.example.com/app' } }],
    ['a dependency without its switch being a boolean', { nats: { enabled: 'yes' } }],
    ['a secret key that is no variable name', { secrets: { values: { 'openai-key': 'x' } } }],
    ['a gateway limit that is no count', { apps: { gateway: { env: { SUMMARY_CLIENT_BURST: 'ten' } } } }],
    ['a per-address cap of zero', { apps: { gateway: { env: { WS_MAX_PER_ADDRESS: 0 } } } }],
    ['the retired per-address summary rate', { apps: { gateway: { env: { SUMMARY_RATE_BURST: '10' } } } }],
  ])('rejects %s', (_, override) => {
    expect(errorsOf(merged(values, override))).not.toEqual([]);
  });
});

describe('templates', () => {
  const templatesDir = join(CHART, 'templates');
  const templates = readdirSync(templatesDir).filter((f) => /\.(ya?ml|tpl|txt)$/.test(f));

  it('include NOTES.txt, _helpers.tpl and every kind of resource', () => {
    expect(templates).toEqual(
      expect.arrayContaining([
        'NOTES.txt',
        '_helpers.tpl',
        'deployment.yaml',
        'service.yaml',
        'ingress.yaml',
        'hpa.yaml',
        'pdb.yaml',
        'networkpolicy.yaml',
        'secret.yaml',
        'migrate-job.yaml',
      ]),
    );
  });

  it.each(templates)('%s reads only values that values.yaml defines, and closes every block', (file) => {
    const scan = scanTemplate(read(join(templatesDir, file)));
    expect(scan.errors).toEqual([]);
    const missing = scan.paths.filter((path) => !hasPath(values, path)).map((path) => path.join('.'));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('finds references the way the templates write them (checked on a probe)', () => {
    const scan = scanTemplate(
      [
        '{{ .Values.a.b }} {{ $.Values.c }} {{ $root.Values.d.e }} {{ index .Values.apps "x-svc" "port" }}',
        '{{- with .Values.otel }}{{ .endpoint }}{{ if .x }}{{ .y.z }}{{ end }}{{ else }}{{ .Release.Name }}{{ end }}',
        '{{ range .Values.list }}{{ .item }}{{ end }}{{/* {{ .Values.comment }} */}}{{ printf ".Values.quoted" }}',
      ].join('\n'),
    );
    expect(scan.errors).toEqual([]);
    expect(scan.paths.map((p) => p.join('.'))).toEqual([
      'a.b',
      'c',
      'd.e',
      'apps',
      'apps.x-svc.port',
      'otel',
      'otel.endpoint',
      'otel.x',
      'otel.y.z',
      'list',
    ]);
    expect(scanTemplate('{{ if .Values.a }}').errors).toEqual(['1 block(s) not closed: if']);
    expect(hasPath({ a: { b: 1 } }, ['a', 'c'])).toBe(false);
    const typo = scanTemplate(read(join(templatesDir, 'service.yaml')).replace('.Values.metrics.port', '.Values.metrics.prot'));
    expect(typo.paths.filter((path) => !hasPath(values, path)).map((path) => path.join('.'))).toEqual(['metrics.prot']);
  });

  it('run every app in values.yaml from the same image with its own argument', () => {
    const deployment = read(join(templatesDir, 'deployment.yaml'));
    expect(deployment).toMatch(/args: \[\{\{ \$app \| quote \}\}\]/);
    expect(Object.keys(values.apps as Values).sort()).toEqual([...APPS].sort());
    expect(read(join(templatesDir, 'migrate-job.yaml'))).toMatch(/args: \["migrate"\]/);
  });

  it('give each service the health port its main.ts defaults to', () => {
    for (const app of APPS.filter((a) => a !== 'gateway')) {
      const main = read(join(ROOT, 'apps', app, 'src/main.ts'));
      const healthPort = Number(/healthPort:\s*(\d+)/.exec(main)?.[1]);
      expect({ app, port: (values.apps as Record<string, { port: number }>)[app].port }).toEqual({ app, port: healthPort });
    }
  });

  it('set every variable of translate-svc, its provider keys from the Secret only', () => {
    const app = (values.apps as Record<string, { env: Values; secretEnv: string[] }>)['translate-svc'];
    const secretKeys = Object.keys((values.secrets as { values: Values }).values);
    expect([...Object.keys(app.env), ...app.secretEnv].sort()).toEqual(Object.keys(translateEnvSchema.shape).sort());
    for (const key of Object.keys(translateEnvSchema.shape).filter((k) => k.endsWith('_KEY'))) {
      expect({ key, secret: app.secretEnv.includes(key) && secretKeys.includes(key), plain: key in app.env }).toEqual({
        key,
        secret: true,
        plain: false,
      });
    }
    expect(translateEnvSchema.safeParse(Object.fromEntries(Object.entries(app.env).map(([k, v]) => [k, String(v)]))).success).toBe(true);
  });

  it('set every variable of rooms-svc (the retention job, the analytics), and refuse an interval that is no count of ms', () => {
    const { env, secretEnv } = (values.apps as Record<string, { env: Values; secretEnv: string[] }>)['rooms-svc'];
    expect([...Object.keys(env), ...secretEnv].sort()).toEqual(Object.keys(roomsEnvSchema.shape).sort());
    expect(secretEnv).toEqual(['VIEWER_ID_KEY']);
    expect(roomsEnvSchema.parse(env)).toEqual({
      RETENTION_JOB_INTERVAL_MS: 3_600_000,
      ANALYTICS_FLUSH_MS: 60_000,
      NEW_VIEWERS_PER_MINUTE: 5_000,
      ENDED_ROOM_TOKEN_ALLOWANCE: 2_000,
    });
    for (const bad of ['hourly', '-1', 86_400_001]) {
      expect(errorsOf(merged(values, { apps: { 'rooms-svc': { env: { RETENTION_JOB_INTERVAL_MS: bad } } } }))).not.toEqual([]);
    }
    expect(errorsOf(merged(values, { apps: { 'rooms-svc': { env: { RETENTION_JOB_INTERVAL_MS: '0' } } } }))).toEqual([]);
  });

  it('probe liveness on /healthz and readiness on /readyz', () => {
    const deployment = read(join(templatesDir, 'deployment.yaml'));
    expect(deployment).toMatch(/livenessProbe:\s*\n\s*httpGet: \{ path: \/healthz/);
    expect(deployment).toMatch(/readinessProbe:\s*\n(\s*#.*\n)?\s*httpGet: \{ path: \/readyz/);
  });

  it('run the migrations as a pre-install and pre-upgrade hook', () => {
    const job = read(join(templatesDir, 'migrate-job.yaml'));
    expect(job).toContain('"pre-install,pre-upgrade"');
    expect(job).toMatch(/helm\.sh\/hook: \{\{ \$hook \}\}/);
  });
});

describe('Chart.yaml', () => {
  const chart = parse(read(join(CHART, 'Chart.yaml')));

  it('is a v2 chart with optional dependencies', () => {
    expect(chart.apiVersion).toBe('v2');
    expect(chart.dependencies.map((d: { name: string }) => d.name).sort()).toEqual([
      'keycloak',
      'nats',
      'opentelemetry-collector',
      'postgresql',
    ]);
  });

  const dependencies: [string, { condition?: string }][] = chart.dependencies.map((d: { name: string; condition?: string }) => [d.name, d]);

  it.each(dependencies)('makes %s optional through a boolean values.yaml defines', (name, dependency) => {
    expect(dependency.condition).toBe(`${name}.enabled`);
    const path = String(dependency.condition).split('.');
    expect(hasPath(values, path)).toBe(true);
    expect(typeof path.reduce((node: Values, key: string) => node[key] as Values, values)).toBe('boolean');
    expect(schema.properties[name]).toBeDefined();
  });

  it('turns JetStream on in the bundled NATS', () => {
    expect(hasPath(values, ['nats', 'config', 'jetstream', 'enabled'])).toBe(true);
    expect(((values.nats as Values).config as { jetstream: { enabled: boolean } }).jetstream.enabled).toBe(true);
  });
});

describe('the Keycloak realm in the chart', () => {
  it('is the same as deploy/keycloak/realm.json (a chart cannot read outside its directory; copy it again after a change)', () => {
    expect(read(join(CHART, 'files/keycloak/realm.json'))).toBe(read(join(ROOT, 'deploy/keycloak/realm.json')));
  });

  it('is mounted where Keycloak imports realms from, by the ConfigMap name the chart creates', () => {
    const keycloak = values.keycloak as {
      extraVolumes: { configMap: { name: string } }[];
      extraVolumeMounts: { mountPath: string }[];
      extraStartupArgs: string;
    };
    expect(keycloak.extraStartupArgs).toContain('--import-realm');
    expect(keycloak.extraVolumes[0].configMap.name).toBe('{{ .Release.Name }}-keycloak-realm');
    expect(keycloak.extraVolumeMounts[0].mountPath).toBe('/opt/bitnami/keycloak/data/import');
    const configMap = read(join(CHART, 'templates/keycloak-realm-configmap.yaml'));
    expect(configMap).toContain('printf "%s-keycloak-realm" .Release.Name');
    expect(configMap).toContain('.Files.Get "files/keycloak/realm.json"');
  });
});
