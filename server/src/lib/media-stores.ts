import { createLocalMediaStore, type MediaStore } from './media-store.js';
import { createS3MediaStore, type S3MediaConfig } from './s3-media-store.js';

export interface MediaConfig {
  /** The local store's directory (`<dataDir>/media`), used when no bucket is configured. */
  dir: string;
  s3: S3MediaConfig | undefined;
}

/** The S3-compatible store when a bucket is configured (any number of nodes), the local disk otherwise (one node). */
export function createMediaStore(config: MediaConfig): MediaStore {
  return config.s3 ? createS3MediaStore(config.s3) : createLocalMediaStore(config.dir);
}
