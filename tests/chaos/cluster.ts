import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

export type ServiceName = 'accounts-svc' | 'rooms-svc' | 'translate-svc' | 'tts-svc';
export type ProcessName = ServiceName | 'nats' | `gateway-${number}`;

interface ProcessSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Where readiness is checked: an HTTP /readyz, or a bare TCP port for NATS. */
  ready: { http: number } | { tcp: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every child of every cluster: killed when the test process ends, however it ends. */
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/**
 * The product in distributed mode as real processes (the built apps under dist/server), with a NATS server
 * of its own, so that a test can kill any of them with SIGKILL and start it again on the same ports.
 */
export class ChaosCluster {
  private readonly specs = new Map<ProcessName, ProcessSpec>();
  private readonly running = new Map<ProcessName, ChildProcess>();
  private readonly logs = new Map<ProcessName, string[]>();
  readonly gatewayUrls: string[] = [];

  constructor(options: { databaseUrl: string; llmUrl: string; basePort: number; gateways: number }) {
    if (!existsSync(join(root, 'dist/server/apps/gateway/src/main.js'))) {
      throw new Error('dist/server is missing: run "npm run build:server" first');
    }
    const natsPort = options.basePort;
    const common = {
      DATABASE_URL: options.databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      NATS_SUBJECT_PREFIX: `chaos${natsPort}`,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: options.llmUrl,
      OPENAI_MODEL: 'gpt-4o',
      LOG_LEVEL: 'warn',
      TS_NODE_PROJECT: join(root, 'tsconfig.runtime.json'),
      WEB_DIST: join(root, 'dist/chaos-no-web'),
    };
    const app = (path: string) => ['-r', 'tsconfig-paths/register', `dist/server/apps/${path}/src/main.js`];
    this.specs.set('nats', {
      command: '/usr/sbin/nats-server',
      args: ['-a', '127.0.0.1', '-p', String(natsPort)],
      env: {},
      ready: { tcp: natsPort },
    });
    const services: ServiceName[] = ['accounts-svc', 'rooms-svc', 'translate-svc', 'tts-svc'];
    services.forEach((name, i) => {
      const health = natsPort + 1 + i;
      this.specs.set(name, { command: process.execPath, args: app(name), env: { ...common, HEALTH_PORT: String(health) }, ready: { http: health } });
    });
    for (let g = 1; g <= options.gateways; g++) {
      const port = natsPort + 10 + g;
      this.specs.set(`gateway-${g}`, {
        command: process.execPath,
        args: app('gateway'),
        env: { ...common, PORT: String(port), HOST: '127.0.0.1' },
        ready: { http: port },
      });
      this.gatewayUrls.push(`http://127.0.0.1:${port}`);
    }
  }

  /** Starts NATS, the services, then the gateways, each ready before the next. */
  async startAll(): Promise<void> {
    for (const name of this.specs.keys()) await this.start(name);
  }

  /** Starts one process and resolves when it is ready; the time it took, in ms. */
  async start(name: ProcessName): Promise<number> {
    const spec = this.spec(name);
    const started = Date.now();
    const child = spawn(spec.command, spec.args, { cwd: root, env: { ...process.env, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = this.logs.get(name) ?? [];
    this.logs.set(name, log);
    const keep = (chunk: Buffer) => {
      log.push(...String(chunk).split('\n').filter(Boolean));
      if (log.length > 200) log.splice(0, log.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.running.set(name, child);
    children.add(child);
    child.once('exit', () => children.delete(child));
    await this.waitReady(name, 60_000);
    return Date.now() - started;
  }

  /** SIGKILL: no shutdown hooks, no goodbye to NATS or PostgreSQL. */
  async kill(name: ProcessName): Promise<void> {
    const child = this.running.get(name);
    this.running.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  isRunning(name: ProcessName): boolean {
    return this.running.has(name);
  }

  /** The gateways that run now. */
  liveGateways(): string[] {
    return this.gatewayUrls.filter((_, i) => this.running.has(`gateway-${i + 1}`));
  }

  lastLog(name: ProcessName, lines = 20): string {
    return (this.logs.get(name) ?? []).slice(-lines).join('\n');
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.kill(name)));
  }

  private spec(name: ProcessName): ProcessSpec {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`no process ${name}`);
    return spec;
  }

  private async waitReady(name: ProcessName, timeoutMs: number): Promise<void> {
    const { ready } = this.spec(name);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const child = this.running.get(name);
      if (!child || child.exitCode !== null) throw new Error(`${name} exited while starting:\n${this.lastLog(name)}`);
      if ('tcp' in ready ? await tcpAnswers(ready.tcp) : await httpReady(ready.http)) return;
      await sleep(100);
    }
    throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${this.lastLog(name)}`);
  }
}

async function httpReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

function tcpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
