// A real S3-protocol server (s3rver) on 127.0.0.1 with a fresh bucket, for the S3 driver's tests.
// Nothing is mocked: the SDK talks HTTP to it exactly as it would to MinIO or AWS.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../src/config';
import { S3Storage, s3ClientConfig } from '../../src/storage/s3';

// The SDK warns once per process that its releases from 2027 on need Node 22; tests on Node 20
// need not repeat it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3Server {
  config: S3Config;
  /** A driver with a client of its own (closed by close()). */
  storage(): S3Storage;
  /** Every key in the bucket (to check nothing was left behind). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'tonieshelf-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const clients: S3Client[] = [];
  const admin = new S3Client(s3ClientConfig(config));
  clients.push(admin);
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    storage() {
      const client = new S3Client(s3ClientConfig(config));
      clients.push(client);
      return new S3Storage(bucket, client);
    },
    async keys() {
      const res = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      for (const c of clients) c.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
