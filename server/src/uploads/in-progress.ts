// The uploads this process is receiving: how many per user (UPLOADS_IN_FLIGHT), and, at
// shutdown, which to wait for (SHUTDOWN_UPLOAD_GRACE_SECONDS) and then cut off, so that a forced
// stop still leaves no temp file or half-stored object behind. Counted per process: several
// server processes each allow UPLOADS_IN_FLIGHT.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Log } from '../log';

interface Upload {
  userId: string;
  req: FastifyRequest;
  /** Set once the route's handler runs; it then ends the upload when it is done (cleanup included). */
  handling: boolean;
  ended: boolean;
  done: Promise<void>;
  end: () => void;
}

export class UploadsInProgress {
  readonly #uploads = new Set<Upload>();
  readonly #byRequest = new WeakMap<FastifyRequest, Upload>();

  /** Uploads of this user being received now. */
  count(userId: string): number {
    let n = 0;
    for (const u of this.#uploads) if (u.userId === userId) n++;
    return n;
  }

  get size(): number {
    return this.#uploads.size;
  }

  /** Counts `req` as an upload of the user until its handler is done, or the connection closes before it ran. */
  begin(userId: string, req: FastifyRequest, reply: FastifyReply): void {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const upload: Upload = {
      userId,
      req,
      handling: false,
      ended: false,
      done,
      end: () => {
        if (upload.ended) return;
        upload.ended = true;
        this.#uploads.delete(upload);
        end();
      },
    };
    this.#uploads.add(upload);
    this.#byRequest.set(req, upload);
    reply.raw.once('close', () => {
      if (!upload.handling) upload.end();
    });
  }

  /** Runs the upload's handler; the upload counts until it (and its cleanup) is over. */
  async handle<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
    const upload = this.#byRequest.get(req);
    if (upload) upload.handling = true;
    try {
      return await fn();
    } finally {
      upload?.end();
    }
  }

  /**
   * Shutdown: lets running uploads finish for `graceMs`, then cuts off the rest (their
   * connections are closed; the receiving code removes what they left) and waits for that
   * cleanup for at most `cleanupMs`.
   */
  async drain(graceMs: number, log: Log, cleanupMs = 5000): Promise<void> {
    if (this.#uploads.size === 0) return;
    const allDone = () => Promise.all([...this.#uploads].map((u) => u.done)).then(() => undefined);
    const within = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    log.info({ uploads: this.#uploads.size, graceMs }, 'waiting for running uploads to finish');
    await Promise.race([allDone(), within(graceMs)]);
    if (this.#uploads.size === 0) return;
    log.warn({ uploads: this.#uploads.size }, 'cutting off uploads still running at shutdown; their files are removed');
    for (const u of this.#uploads) u.req.raw.destroy();
    await Promise.race([allDone(), within(cleanupMs)]);
  }
}
