import { Zip, ZipDeflate } from 'fflate';

/** Where the ZIP's bytes go: the HTTP response, which may ask the writer to wait (backpressure). */
export interface ArchiveSink {
  /** Called before the first byte: after it, an error can only cut the download short. */
  start(): void;
  /** False when the sink's buffer is full: the writer waits for `drained` before going on. */
  write(chunk: Uint8Array): boolean;
  drained(): Promise<void>;
  end(): void;
}

const encoder = new TextEncoder();

/** One file of the archive being written; its content may come in parts (a long transcript). */
export interface ArchiveFile {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A ZIP written as it is made, one file after the other: what is in memory is the part being compressed and what
 * the sink has not taken yet, never the whole archive.
 */
export class ArchiveWriter {
  private readonly zip: Zip;
  private started = false;
  private failed: Error | null = null;
  private waiting = false;
  private finished: (() => void) | null = null;
  readonly paths: string[] = [];

  constructor(private readonly sink: ArchiveSink) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failed = error;
        return;
      }
      if (!this.started) {
        this.started = true;
        this.sink.start();
      }
      if (chunk.length && !this.sink.write(chunk)) this.waiting = true;
      if (final) {
        this.sink.end();
        this.finished?.();
      }
    });
  }

  /** Whether any byte went out already. */
  get sending(): boolean {
    return this.started;
  }

  open(path: string): ArchiveFile {
    const file = new ZipDeflate(path, { level: 6 });
    file.mtime = new Date();
    this.zip.add(file);
    this.paths.push(path);
    return {
      write: async (text) => {
        file.push(encoder.encode(text));
        await this.settle();
      },
      close: async () => {
        file.push(new Uint8Array(0), true);
        await this.settle();
      },
    };
  }

  async json(path: string, value: unknown): Promise<void> {
    const file = this.open(path);
    await file.write(`${JSON.stringify(value, null, 2)}\n`);
    await file.close();
  }

  async end(): Promise<void> {
    const done = new Promise<void>((resolve) => (this.finished = resolve));
    this.zip.end();
    this.check();
    await done;
  }

  private async settle(): Promise<void> {
    this.check();
    if (this.waiting) {
      this.waiting = false;
      await this.sink.drained();
    }
  }

  private check(): void {
    if (this.failed) throw this.failed;
  }
}
