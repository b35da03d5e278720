import 'reflect-metadata';
import WebSocket from 'ws';
import { createTestDatabase } from '@lt/testing';
import { startStack } from '../support/stack';

/**
 * HTTP latency while sockets flood the gateway: GET /api/rooms/:id p50 and p95, first alone, then while
 * FLOODERS sockets send frames as fast as they can (each reconnects at once when the gateway closes it).
 * Usage: node ... flood.bench.js [flooders=2] [seconds=10]
 */
const FLOODERS = Number(process.argv[2] ?? 2);
const SECONDS = Number(process.argv[3] ?? 10);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function latencies(url: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const start = performance.now();
    await (await fetch(url)).arrayBuffer();
    out.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

function flood(baseUrl: string, until: number, counters: { frames: number; closes: number }): void {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
  ws.on('error', () => undefined);
  const frame = JSON.stringify({ type: 'ping' });
  const pump = () => {
    if (ws.readyState !== ws.OPEN || Date.now() > until) return;
    for (let i = 0; i < 200; i++) ws.send(frame);
    counters.frames += 200;
    setImmediate(pump);
  };
  ws.on('open', pump);
  ws.on('close', () => {
    counters.closes += 1;
    if (Date.now() < until) flood(baseUrl, until, counters);
  });
}

async function main(): Promise<void> {
  const db = await createTestDatabase('lt_bench');
  const stack = await startStack({ mode: 'embedded', databaseUrl: db.url, llmUrl: null, wsMaxPerAddress: 1_000 });
  try {
    const res = await fetch(`${stack.baseUrl}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { room } = (await res.json()) as { room: { id: string } };
    const url = `${stack.baseUrl}/api/rooms/${room.id}`;
    await latencies(url, 1_000);
    const quiet = await latencies(url, SECONDS * 1000);
    const counters = { frames: 0, closes: 0 };
    const until = Date.now() + SECONDS * 1000;
    for (let i = 0; i < FLOODERS; i++) flood(stack.baseUrl, until, counters);
    const flooded = await latencies(url, SECONDS * 1000);
    const fmt = (v: number[]) => `p50 ${percentile(v, 50).toFixed(1)} ms, p95 ${percentile(v, 95).toFixed(1)} ms (${v.length} requests)`;
    console.log(`HTTP alone:                    ${fmt(quiet)}`);
    console.log(`HTTP with ${FLOODERS} flooding sockets:  ${fmt(flooded)}`);
    console.log(`flood: ${counters.frames} frames sent, ${counters.closes} sockets closed by the gateway`);
  } finally {
    await stack.close();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
