// S3 storage (AWS S3 or an S3-compatible server such as MinIO). Bodies stream through
// lib-storage's Upload, which sends a single PutObject for small bodies and a multipart upload
// (parts of PART_SIZE, QUEUE_SIZE in flight) for larger ones, so memory stays bounded whatever the
// size, and the length need not be known in advance. A failed upload aborts its multipart upload:
// no object is created.
//
// Never overwriting: put() first asks HeadObject (an existing key -> StorageConflictError), then
// writes with `If-None-Match: *` (on PutObject and CompleteMultipartUpload). Servers with
// conditional writes (AWS S3 since 2024, MinIO) then refuse a write that lost a race with another
// writer of the same key (412 -> StorageConflictError). Servers without them (e.g. the s3rver
// used by the tests) ignore the header; there the HeadObject check leaves a window of one upload's
// duration in which two writers of the very same key could both succeed. Our keys carry the user
// id and a millisecond timestamp, and the upload route retries with a new timestamp on a conflict,
// so that window needs the same user uploading the same name in the same millisecond twice.
import { pipeline, Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import { StorageConflictError, StorageNotFoundError, type ByteRange, type ListedObject, type Storage, type StoredObject } from './storage';

/** Bytes per multipart part (S3's minimum is 5 MiB). */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts uploaded at once: memory per upload is about (QUEUE_SIZE + 1) * PART_SIZE. */
const QUEUE_SIZE = 2;

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all understand the
    // streaming (aws-chunked) checksums the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

function isNotFound(err: unknown): boolean {
  return status(err) === 404 || (err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound'));
}

/** The server refused a conditional write because the key exists (or another write of it is under way). */
export function isConditionalWriteConflict(err: unknown): boolean {
  const code = status(err);
  return code === 412 || (code === 409 && err instanceof Error && err.name === 'ConditionalRequestConflict') || (err instanceof Error && err.name === 'PreconditionFailed');
}

export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(
    readonly bucket: string,
    client: S3Client | S3ClientConfig,
  ) {
    this.client = client instanceof S3Client ? client : new S3Client(client);
  }

  static fromConfig(config: S3Config): S3Storage {
    return new S3Storage(config.bucket, s3ClientConfig(config));
  }

  async put(key: string, body: Readable, opts: { contentType: string }): Promise<StoredObject> {
    if (await this.stat(key)) {
      body.destroy();
      throw new StorageConflictError(key);
    }
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing source fails `counted`, which fails (and aborts) the upload.
    pipeline(body, counted, () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: opts.contentType, IfNoneMatch: '*' },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      counted.destroy();
      if (isConditionalWriteConflict(err)) throw new StorageConflictError(key);
      throw err;
    }
    return { key, size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const stream = res.Body;
      if (stream instanceof Readable) return stream;
      if (!stream) return Readable.from([]);
      return Readable.fromWeb(stream.transformToWebStream() as import('node:stream/web').ReadableStream);
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number; contentType: string | null } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject[]> {
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      // (An object without a date counts as new: it is never taken for an old one.)
      yield (res.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, modified: o.LastModified ?? new Date() }] : []));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}
