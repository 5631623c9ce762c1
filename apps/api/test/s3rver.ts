import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/common/config/config';
import { s3Client } from '../src/common/storage/s3-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  /** The STORAGE_DRIVER=s3 settings of an app that stores its files in `bucket` of this server. */
  env: Record<string, string>;
  bucket: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 and a random port, keeping its objects in a temporary
 * folder, with a new bucket made through the AWS SDK as an app would find it.
 */
export async function startLocalS3(bucket = 'tahanan-test'): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's own credentials (it checks the signatures)
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = s3Client(loadConfig(env).storage.s3!);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    env,
    bucket,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
