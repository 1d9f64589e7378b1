import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3MediaConfig } from '../lib/s3-media-store.js';

export interface TestS3Server {
  /** The MEDIA_S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  /** The same as the app reads it from `env`, for a store of the test's own. */
  config: S3MediaConfig;
  /** The keys in the bucket, read from the server's own directory rather than through the app's code. */
  keys(): string[];
  close(): Promise<void>;
}

const BUCKET = 'media';
// s3rver's fixed account; it checks signatures against it, so a wrong secret fails as it would at AWS.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A local S3-compatible server (s3rver) with one empty bucket, on a free port, storing under a temp directory. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    config: { bucket: BUCKET, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS },
    keys() {
      // s3rver keeps each object as `<bucket>/<key>._S3rver_object` beside its metadata files.
      const bucketDir = path.join(directory, BUCKET);
      return fs.existsSync(bucketDir)
        ? fs
            .readdirSync(bucketDir)
            .filter((file) => file.endsWith('._S3rver_object'))
            .map((file) => file.slice(0, -'._S3rver_object'.length))
            .sort()
        : [];
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
