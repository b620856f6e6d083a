import fs from 'node:fs';

interface Waiter {
  sequence: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * An append-only file with group commit: records appended while one write+fdatasync is in flight
 * go out together in the next one, and `synced()` resolves once everything appended before the
 * call is on disk. That is when a write may be acknowledged.
 */
export class Journal {
  readonly path: string;
  private readonly fd: number;
  private pending: Buffer[] = [];
  private appendedSequence = 0;
  private syncedSequence = 0;
  private waiters: Waiter[] = [];
  private flushing = false;
  private failure: Error | undefined;
  private bytes: number;
  private writePosition: number;

  constructor(path: string, validLength: number) {
    this.path = path;
    this.fd = fs.openSync(path, fs.constants.O_WRONLY | fs.constants.O_CREAT);
    // A torn tail from a crash is cut off so new records follow the last intact one.
    fs.ftruncateSync(this.fd, validLength);
    this.bytes = validLength;
    this.writePosition = validLength;
  }

  get size(): number {
    return this.bytes;
  }

  append(record: Buffer): void {
    this.pending.push(record);
    this.appendedSequence++;
    this.bytes += record.length;
    if (!this.flushing) void this.flush();
  }

  synced(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.syncedSequence >= this.appendedSequence) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ sequence: this.appendedSequence, resolve, reject }));
  }

  /** Flushes what is pending and closes the file. */
  async close(): Promise<void> {
    await this.synced().catch(() => undefined);
    await new Promise<void>((resolve) => fs.close(this.fd, () => resolve()));
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
        this.pending = [];
        const batchEnd = this.appendedSequence;
        await writeAll(this.fd, batch, this.writePosition);
        this.writePosition += batch.length;
        await new Promise<void>((resolve, reject) => fs.fdatasync(this.fd, (error) => (error ? reject(error) : resolve())));
        this.syncedSequence = batchEnd;
        this.releaseWaiters();
      }
    } catch (error) {
      this.failure = error as Error;
      for (const waiter of this.waiters) waiter.reject(this.failure);
      this.waiters = [];
    } finally {
      this.flushing = false;
    }
  }

  private releaseWaiters(): void {
    const stillWaiting: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.sequence <= this.syncedSequence) waiter.resolve();
      else stillWaiting.push(waiter);
    }
    this.waiters = stillWaiting;
  }
}

async function writeAll(fd: number, data: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    offset += await new Promise<number>((resolve, reject) =>
      fs.write(fd, data, offset, data.length - offset, position + offset, (error, written) => (error ? reject(error) : resolve(written))),
    );
  }
}
