import { strFromU8, unzipSync } from 'fflate';
import { ArchiveWriter, type ArchiveSink } from './archive-writer';

/** A sink like a slow client: its buffer is always full, and it drains a moment later. */
function slowSink() {
  const chunks: Uint8Array[] = [];
  const events: string[] = [];
  let pendingDrains = 0;
  const sink: ArchiveSink = {
    start: () => events.push('start'),
    write: (chunk) => {
      chunks.push(chunk);
      return false;
    },
    drained: () => {
      pendingDrains++;
      events.push('wait');
      return new Promise((resolve) =>
        setTimeout(() => {
          pendingDrains--;
          resolve();
        }, 1),
      );
    },
    end: () => events.push('end'),
  };
  return { sink, chunks, events, pending: () => pendingDrains };
}

describe('ArchiveWriter', () => {
  it('writes a ZIP of files given whole or in parts, waiting for the sink each time it is full', async () => {
    const { sink, chunks, events, pending } = slowSink();
    const archive = new ArchiveWriter(sink);
    expect(archive.sending).toBe(false);
    await archive.json('a.json', { hello: 'mundo' });
    const long = archive.open('dir/long.txt');
    for (let i = 0; i < 200; i++) {
      await long.write(`line ${i} ${'x'.repeat(500)}\n`);
      expect(pending()).toBe(0);
    }
    await long.close();
    await archive.end();

    expect(archive.paths).toEqual(['a.json', 'dir/long.txt']);
    expect(events[0]).toBe('start');
    expect(events.at(-1)).toBe('end');
    expect(events.filter((e) => e === 'wait').length).toBeGreaterThan(1);
    const files = unzipSync(Buffer.concat(chunks));
    expect(JSON.parse(strFromU8(files['a.json']))).toEqual({ hello: 'mundo' });
    const lines = strFromU8(files['dir/long.txt']).split('\n');
    expect(lines).toHaveLength(201);
    expect(lines[199]).toBe(`line 199 ${'x'.repeat(500)}`);
  });

  it('has sent nothing until a file is written', async () => {
    const { sink, events } = slowSink();
    const archive = new ArchiveWriter(sink);
    expect(events).toEqual([]);
    expect(archive.sending).toBe(false);
    await archive.end();
    expect(events).toEqual(['start', 'end']);
  });
});
