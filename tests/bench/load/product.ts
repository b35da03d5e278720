import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export type ProductMode = 'embedded' | 'distributed';

/** The repository root, from dist/server/tests/bench/load. */
const ROOT = resolve(__dirname, '../../../../..');
const MARKER = 'LT_LOAD_BENCH_PARENT';

/**
 * Kills `child` once this process is gone, whatever ended it (a SIGKILL runs no exit hook). Only a process
 * still carrying this bench's marker is killed, so a reused pid is left alone.
 */
const REAPER = `
const [parent, child, marker] = process.argv.slice(1).map(String);
const alive = (pid) => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
setInterval(() => {
  if (!alive(child)) process.exit(0);
  if (alive(parent)) return;
  try {
    if (require('fs').readFileSync('/proc/' + child + '/environ', 'utf8').split('\\0').includes(marker)) process.kill(Number(child), 'SIGKILL');
  } catch {}
  process.exit(0);
}, 500);
`;

const children = new Set<ChildProcess>();
let hooked = false;

function killAll(): void {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* gone already */
    }
  }
  children.clear();
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export function portFree(port: number): Promise<boolean> {
  return new Promise((r) => {
    const server = createServer();
    server.once('error', () => r(false));
    server.listen(port, '127.0.0.1', () => server.close(() => r(true)));
  });
}

async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url} exited while starting; see ${logFile}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL server's processes now running (the bench's database is on the
 * machine's server, shared with nothing busy): the statements the product sends cost their share here too.
 */
export function databaseCpuSeconds(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') sum += cpuSeconds(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return sum;
}

export interface Product {
  baseUrl: string;
  /** Every gateway's (the first is baseUrl). */
  baseUrls: string[];
  logDir: string;
  /** CPU seconds the product's processes have used so far. */
  cpuSeconds(): number;
  /** CPU seconds one of its processes (e.g. `asr-svc`) has used so far. */
  cpuSecondsOf(name: string): number;
  /** CPU seconds each process of the product has used so far, by its name. */
  cpuByName(): Record<string, number>;
  /** The gateways' resident memory after a full collection, summed, in bytes (only with `probe`). */
  memory(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built product (dist/server) as child processes of this bench, so that its figures are not those of a
 * process that also runs two thousand clients: embedded in one process, or distributed (a NATS server of
 * its own, each service, one gateway). Limits a venue would raise are raised for the viewer count.
 */
export async function startProduct(options: {
  mode: ProductMode;
  databaseUrl: string;
  llmUrl: string;
  basePort: number;
  viewers: number;
  logDir: string;
  /** A module preloaded into the gateway that answers `{ cmd: 'memory' }` over IPC (it runs with --expose-gc). */
  probe?: string;
  /** Gateways of a distributed product (one process holds at most some 19,000 sockets here): 1 by default. */
  gateways?: number;
  /** More settings for every process of the product, over its own. */
  env?: Record<string, string>;
  /** Settings of asr-svc (ASR_PROVIDER and its own): a distributed product then runs it too (health on basePort + 5). */
  asr?: Record<string, string>;
}): Promise<Product> {
  hookExit();
  const { basePort } = options;
  mkdirSync(options.logDir, { recursive: true });
  const gatewayPort = options.mode === 'embedded' ? basePort : basePort + 10;
  const gatewayCount = options.mode === 'embedded' ? 1 : (options.gateways ?? 1);
  const gatewayPorts = Array.from({ length: gatewayCount }, (_, g) => gatewayPort + g);
  const ports =
    options.mode === 'embedded'
      ? [basePort]
      : [basePort, basePort + 1, basePort + 2, basePort + 3, basePort + 4, ...(options.asr ? [basePort + 5] : []), ...gatewayPorts];
  for (const port of ports) if (!(await portFree(port))) throw new Error(`port ${port} is taken: pass --port with another base`);
  const main = (app: string) => join(ROOT, `dist/server/apps/${app}/src/main.js`);
  if (!existsSync(main(options.mode === 'embedded' ? 'embedded' : 'gateway')))
    throw new Error('dist/server is missing: run "npm run build:server"');

  const common: Record<string, string> = {
    TS_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'),
    DATABASE_URL: options.databaseUrl,
    NATS_URL: `nats://127.0.0.1:${basePort}`,
    NATS_SUBJECT_PREFIX: `load${basePort}`,
    OPENAI_API_KEY: 'load-bench-key',
    OPENAI_BASE_URL: options.llmUrl,
    OPENAI_MODEL: 'gpt-4o',
    // A host speaking faster than any person: the per-room sentence rate must not send them to the fallback.
    ROOM_TRANSLATION_BURST: '100000',
    ROOM_TRANSLATION_REFILL_PER_SECOND: '100000',
    ROOM_TRANSLATION_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(options.logDir, 'data'),
    [MARKER]: String(process.pid),
    ...options.env,
  };
  const gatewayEnv = {
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    WEB_DIST: join(ROOT, 'dist/no-web-app'),
    // Every client of the bench comes from 127.0.0.1, as a venue's audience behind one public address: the
    // gateway's limits are left at their defaults, which such an audience must pass.
    // The run's room is anonymous: its token budget must outlast the run, or translations turn into originals.
    ANON_ROOM_TOKEN_BUDGET: '100000000',
  };
  const running: ChildProcess[] = [];
  const byName = new Map<string, ChildProcess>();
  const gateways: ChildProcess[] = [];
  const launch = async (name: string, command: string, args: string[], env: Record<string, string>, readyUrl: string | null) => {
    const logFile = join(options.logDir, `${name}.log`);
    const log = createWriteStream(logFile, { flags: 'a' });
    const isGateway = name === 'embedded' || name.startsWith('gateway');
    if (isGateway && options.probe) args = ['--expose-gc', '-r', options.probe, ...args];
    // E.g. LT_BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the gateway under load.
    if (isGateway && process.env.LT_BENCH_GATEWAY_NODE_ARGS) args = [...process.env.LT_BENCH_GATEWAY_NODE_ARGS.split(' '), ...args];
    // LT_BENCH_NODE_ARGS: the same for every Node process of the product (each service's share of a run).
    if (command === process.execPath && process.env.LT_BENCH_NODE_ARGS) args = [...process.env.LT_BENCH_NODE_ARGS.split(' '), ...args];
    // A bench run with --cpu-prof profiles asr-svc too.
    if (name === 'asr-svc') args = [...process.execArgv.filter((a) => a.startsWith('--cpu-prof')), ...args];
    const stdio: ('ignore' | 'pipe' | 'ipc')[] = ['ignore', 'pipe', 'pipe', ...(isGateway && options.probe ? ['ipc' as const] : [])];
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...common, ...env }, stdio });
    if (isGateway) gateways.push(child);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.add(child);
    running.push(child);
    byName.set(name, child);
    child.once('exit', () => children.delete(child));
    spawn(process.execPath, ['-e', REAPER, String(process.pid), String(child.pid), `${MARKER}=${process.pid}`], {
      detached: true,
      stdio: 'ignore',
    }).unref();
    if (readyUrl) await waitReady(readyUrl, child, logFile);
  };
  const node = (app: string) => ['-r', 'tsconfig-paths/register', main(app)];

  try {
    if (options.mode === 'embedded') {
      await launch('embedded', process.execPath, node('embedded'), gatewayEnv, `http://127.0.0.1:${gatewayPort}/readyz`);
    } else {
      const nats = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
      if (!existsSync(nats)) throw new Error(`distributed mode needs nats-server (${nats}); set NATS_SERVER_BIN`);
      await launch('nats', nats, ['-a', '127.0.0.1', '-p', String(basePort)], {}, null);
      await new Promise((r) => setTimeout(r, 500));
      const services = ['accounts-svc', 'rooms-svc', 'translate-svc', 'tts-svc', ...(options.asr ? ['asr-svc'] : [])];
      await Promise.all(
        services.map((svc, i) =>
          launch(
            svc,
            process.execPath,
            node(svc),
            { HEALTH_PORT: String(basePort + 1 + i), ...(svc === 'asr-svc' ? options.asr : {}) },
            `http://127.0.0.1:${basePort + 1 + i}/readyz`,
          ),
        ),
      );
      for (let g = 0; g < gatewayCount; g++) {
        const port = gatewayPort + g;
        await launch(
          g ? `gateway-${g + 1}` : 'gateway',
          process.execPath,
          node('gateway'),
          { ...gatewayEnv, PORT: String(port) },
          `http://127.0.0.1:${port}/readyz`,
        );
      }
    }
  } catch (error) {
    killAll();
    throw error;
  }

  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    baseUrls: gatewayPorts.map((port) => `http://127.0.0.1:${port}`),
    logDir: options.logDir,
    cpuSeconds: () => running.reduce((sum, c) => sum + cpuSeconds(c.pid), 0),
    cpuSecondsOf: (name) => cpuSeconds(byName.get(name)?.pid),
    cpuByName: () => Object.fromEntries([...byName].map(([name, child]) => [name, cpuSeconds(child.pid)])),
    memory: async () => {
      const rss = gateways.map(
        (gateway) =>
          new Promise<number>((resolve, reject) => {
            if (!gateway.send) return reject(new Error('the gateway runs without a memory probe'));
            const id = Math.random();
            const onReply = (reply: { id: number; rss: number }) => {
              if (reply?.id !== id) return;
              gateway.off('message', onReply);
              resolve(reply.rss);
            };
            gateway.on('message', onReply);
            gateway.send({ id, cmd: 'memory' });
          }),
      );
      return (await Promise.all(rss)).reduce((a, b) => a + b, 0);
    },
    stop: async () => {
      await Promise.all(
        [...running].reverse().map(
          (child) =>
            new Promise<void>((r) => {
              if (child.exitCode !== null || child.signalCode !== null) return r();
              const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => (clearTimeout(force), r()));
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
