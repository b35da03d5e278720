import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LiveErrorCode } from '@lt/contracts';
import { eventually, LiveClient } from '@lt/testing';
import { createRoom, sleep, transcript } from '../helpers';

jest.setTimeout(60_000);

const root = resolve(__dirname, '../../..');
const entry = join(root, 'dist/server/apps/embedded/src/main.js');

/** Newest modification time of the server's sources, to rebuild dist/server when it is older. */
function newestSource(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return /\.ts$/.test(path) ? info.mtimeMs : 0;
  return readdirSync(path)
    .filter((e) => e !== 'node_modules' && e !== 'web' && !e.startsWith('.'))
    .reduce((latest, e) => Math.max(latest, newestSource(join(path, e))), 0);
}

async function freePort(taken: number[]): Promise<number> {
  for (let port = 18300 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++, port = 18300 + ((port - 18300 + 1) % 100)) {
    if (taken.includes(port)) continue;
    const server = createServer();
    const free = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (free) {
      await new Promise((done) => server.close(done));
      return port;
    }
  }
  throw new Error('no free port in 18300-18399');
}

/** Process ids of the PostgreSQL servers (not their backends) running on `pgDir`. */
function serversOf(pgDir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ').includes(`-D ${pgDir} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether `pid` runs (an exited process nobody has reaped yet does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^ Z /.test(stat.slice(stat.lastIndexOf(')') + 1));
  } catch {
    return false;
  }
};

/** `promise`, or `fallback` after `ms`, leaving no timer behind. */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((r) => (timer = setTimeout(() => r(fallback), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for a probe that may fail meanwhile (the product is starting or stopping). */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> =>
  eventually(() => probe().catch(() => undefined), { what, timeoutMs });

/**
 * Not on the stack fixture (tests/support/describe-stack.ts): what is under test is the built product as `npm start`
 * runs it, a process of its own that starts, restarts and stops its own PostgreSQL; the fixture's database and
 * in-process services would be neither.
 */
describe('embedded mode and its own PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lt-embedded-pg-'));
  const pgDir = join(dataDir, 'pg');
  let port: number;
  let pgPort: number;
  let product: ChildProcess | undefined;
  let output = '';
  const clients: LiveClient[] = [];
  const baseUrl = () => `http://127.0.0.1:${port}`;

  /** Starts the built product as `npm start` does (scripts/start.mjs), with the given script or main. */
  const launch = (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        TS_NODE_PROJECT: join(root, 'tsconfig.runtime.json'),
        LT_SKIP_ENSURE: '1',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    return child;
  };
  const startProduct = () => {
    const child = launch(['-r', 'tsconfig-paths/register', entry]);
    product = child;
    return child;
  };
  const exitOf = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  const readyz = async () => (await fetch(`${baseUrl()}/readyz`, { signal: AbortSignal.timeout(2_000) })).status;
  const ready = (timeoutMs = 30_000) =>
    until('/readyz 200', timeoutMs, async () => {
      if (product?.exitCode !== null) throw new Error(`the product exited: ${output.slice(-2000)}`);
      return (await readyz()) === 200 ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-2000)}`);
    });
  const postmasterPid = () => Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  beforeAll(async () => {
    const sources = Math.max(newestSource(join(root, 'libs')), newestSource(join(root, 'apps')));
    if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
      const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build:server failed:\n${build.stdout}\n${build.stderr}`);
    }
    port = await freePort([]);
    pgPort = await freePort([port]);
  }, 120_000);

  afterAll(async () => {
    clients.forEach((c) => c.close());
    if (product && product.exitCode === null) {
      product.kill('SIGTERM');
      await within(exitOf(product), 10_000, null);
    }
    for (const pid of serversOf(pgDir)) process.kill(pid, 'SIGINT');
    await until('the servers to stop', 10_000, async () => (serversOf(pgDir).length === 0 ? true : undefined)).catch(() =>
      serversOf(pgDir).forEach((pid) => process.kill(pid, 'SIGKILL')),
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again after the process was killed, stopping the PostgreSQL it left running', async () => {
    const crashed = startProduct();
    await ready();
    const leftover = postmasterPid();
    crashed.kill('SIGKILL');
    await exitOf(crashed);
    // Time under test: the PostgreSQL left behind must not die with its parent. An absence has no condition to wait
    // for, so it is given a moment to.
    await sleep(300);
    expect(alive(leftover)).toBe(true);
    expect(serversOf(pgDir)).toEqual([leftover]);

    startProduct();
    await ready();
    expect(alive(leftover)).toBe(false);
    expect(serversOf(pgDir)).toEqual([postmasterPid()]);
    expect(output).not.toMatch(/^undefined$/m);
  });

  it('restarts a PostgreSQL that died, reports it down meanwhile, and refuses transcripts as unavailable until then', async () => {
    const { room, hostKey } = await createRoom(baseUrl(), 'Apagón');
    const host = await LiveClient.connect(baseUrl());
    clients.push(host);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await host.waitFor((c) => c.of('joined').length === 1, 5000, 'joined');
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    host.send(transcript('before-1', 'Antes del apagón'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'the first ack');

    process.kill(postmasterPid(), 'SIGKILL');
    await until('/readyz 503', 15_000, async () => ((await readyz()) === 503 ? true : undefined));

    const outage = transcript('outage-1', 'Durante el apagón');
    host.send(outage);
    await host.waitFor((c) => c.of('error').some((e) => e.messageId === 'outage-1'), 5000, 'the refusal');
    expect(host.of('error').find((e) => e.messageId === 'outage-1')?.code).toBe(LiveErrorCode.Unavailable);

    // Nobody restarts it but the product itself.
    await ready(20_000);
    expect(serversOf(pgDir)).toEqual([postmasterPid()]);

    // The client's outbox sends the refused transcript again: stored once, and a second resend gets the same seq.
    host.send(outage);
    await host.waitFor((c) => c.of('ack').some((a) => a.messageId === 'outage-1'), 5000, 'the ack after recovery');
    host.send(outage);
    await host.waitFor((c) => c.of('ack').filter((a) => a.messageId === 'outage-1').length === 2, 5000, 'the ack of the resend');
    const seqs = host
      .of('ack')
      .filter((a) => a.messageId === 'outage-1')
      .map((a) => a.seq);
    expect(seqs).toEqual([2, 2]);

    const viewer = await LiveClient.connect(baseUrl());
    clients.push(viewer);
    viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: 'es', since: 0 });
    await viewer.waitFor((c) => c.of('translation').length >= 2, 5000, 'the stored transcripts');
    // Nothing more was stored: the room's latest seq, as the join read it.
    expect((viewer.of('joined')[0] as { seq: number }).seq).toBe(2);
    expect(viewer.of('translation').map((t) => [t.seq, t.messageId])).toEqual([
      [1, 'before-1'],
      [2, 'outage-1'],
    ]);
  });

  it('refuses to start with one sentence naming the port when another program holds the database port', async () => {
    clients.forEach((c) => c.close());
    if (product) {
      product.kill('SIGTERM');
      await exitOf(product);
    }
    await until('its PostgreSQL to stop', 10_000, async () => (serversOf(pgDir).length === 0 ? true : undefined));

    const squatter: Server = createServer();
    await new Promise<void>((done) => squatter.listen(pgPort, '127.0.0.1', done));
    try {
      output = '';
      const start = launch([join(root, 'scripts/start.mjs'), 'embedded']);
      const code = await within(exitOf(start), 20_000, 'still running');
      expect(code).not.toBe(0);
      expect(code).not.toBe('still running');
      const lines = output.trim().split('\n');
      expect(lines).toEqual([`Port ${pgPort} is taken by another program: stop that program or set EMBEDDED_PG_PORT to a free port.`]);
    } finally {
      await new Promise((done) => squatter.close(done));
    }
  });
});
