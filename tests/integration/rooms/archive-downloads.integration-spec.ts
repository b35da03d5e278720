import { AccountArchive } from '@lt/gateway';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(120_000);

/** Lines of random hex: an archive of a few MB that deflate cannot shrink much, more than a socket buffers. */
const LINES = 600;

/**
 * A signed-in user who asks for the archive, reads a kilobyte and goes away, again and again, leaves nothing behind
 * in the gateway (before, each such download waited for a `drain` that never came, holding its ZIP for good), and one
 * user has one archive written at a time.
 */
describe.each(MODES)('account archive downloads that end early (%s mode)', (mode) => {
  const suite = describeStack({ mode, llm: false });
  let api: Api;
  let user: TestUser;

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    user = await newUser(api, 'archive-aborts');
    const { room } = await ownedRoom(api, user, { name: 'Large' });
    await (
      await suite.sql()
    ).query(
      `INSERT INTO rooms.message_logs (id, room_id, message_id, seq, text, source_language, message_timestamp, confidence,
         confidence_level, speaker_id, speaker_name, created_at)
       SELECT gen_random_uuid(), $1, 'm-' || n, n, (SELECT string_agg(md5(random()::text || n || k), '') FROM generate_series(1, 150) k),
         'es', now() + n * interval '1 ms', 0.9, 'high', 'host', 'Host', now()
       FROM generate_series(1, $2) n`,
      [room.id, LINES],
    );
  });

  const archives = () => suite.stack.gateways[0].app.get(AccountArchive);
  const url = () => `${suite.baseUrl}/api/account/archive`;
  const headers = () => ({ authorization: `Bearer ${user.token}` });

  /** Asks for the archive, reads about a kilobyte of it, and disconnects. */
  const readAndLeave = async () => {
    const abort = new AbortController();
    const res = await fetch(url(), { headers: headers(), signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let read = 0;
    while (read < 1024) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the archive ended before a kilobyte: it is too small for this test');
      read += value.length;
    }
    abort.abort();
  };

  const settled = async () => {
    await eventually(() => archives().open === 0, { what: 'every archive download to end', timeoutMs: 10_000 });
    return archives().open;
  };

  it('settles every download cut short: no archive stays open', async () => {
    for (let i = 0; i < 5; i++) {
      await readAndLeave();
      expect(await settled()).toBe(0);
    }
  });

  it('writes one archive at a time per user: a second at once answers 429 archive_in_progress', async () => {
    const abort = new AbortController();
    const first = await fetch(url(), { headers: headers(), signal: abort.signal });
    expect(first.status).toBe(200);
    expect(archives().open).toBe(1);
    const second = await fetch(url(), { headers: headers() });
    expect([second.status, ((await second.json()) as { error: { code: string } }).error.code]).toEqual([429, 'archive_in_progress']);
    abort.abort();
    expect(await settled()).toBe(0);
    const again = await fetch(url(), { headers: headers() });
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(1024 * 1024);
    expect(archives().open).toBe(0);
  });
});
