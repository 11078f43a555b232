// The Storage the configuration asks for: local disk under DATA_DIR/uploads (default) or S3.
// The S3 driver (and the AWS SDK, ~150 ms and ~20 MB to load) is loaded only when configured.
import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalStorage } from './local';
import type { Storage } from './storage';

export async function createStorage(config: Pick<AppConfig, 'dataDir' | 'storageDriver' | 's3'>): Promise<Storage> {
  if (config.storageDriver === 's3') {
    if (!config.s3) throw new Error('STORAGE_DRIVER is s3 but no S3 settings were loaded');
    const { S3Storage } = await import('./s3');
    return S3Storage.fromConfig(config.s3);
  }
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
