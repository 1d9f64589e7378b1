import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertMediaName, withThumbVariants, type MediaStore } from './media-store.js';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) that holds the media instead of the local disk. */
export interface S3MediaConfig {
  bucket: string;
  /** Unset: AWS S3 itself, found by the region. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, shared config, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Media as objects named like the local files, at the top of one bucket. The app still serves them
 * (features/media) rather than handing out bucket URLs, so a ban or a deletion hides a photo at once
 * (decision 018); the bucket can stay private.
 */
export function createS3MediaStore(config: S3MediaConfig): MediaStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const { bucket: Bucket } = config;

  /** The object, or undefined when the bucket has none by that name. */
  async function get(name: string): Promise<GetObjectCommandOutput | undefined> {
    assertMediaName(name);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: name }));
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(name, data, contentType) {
      assertMediaName(name);
      // A PUT is atomic in S3: readers see the whole object or none, as with the local store's rename.
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentType }));
    },
    async remove(name) {
      assertMediaName(name);
      // S3 answers a delete of a missing key with success, which is what the interface asks.
      await Promise.all(withThumbVariants(name).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
    async read(name) {
      const object = await get(name);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },
    async open(name) {
      const object = await get(name);
      if (!object?.Body) return undefined;
      // In Node the SDK's body is an http.IncomingMessage, a Readable under the SDK's mixin type.
      const body = object.Body as unknown;
      if (!(body instanceof Readable)) throw new Error('S3 object body is not a Node stream');
      return { body, size: object.ContentLength };
    },
    close() {
      client.destroy();
    },
  };
}

function isMissingObject(error: unknown): boolean {
  // Some S3-compatible servers answer a bare 404 that the SDK cannot name NoSuchKey.
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}
