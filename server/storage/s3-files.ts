import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRow } from '../db/files';
import { newId } from '../db/ids';
import type { FileStore } from './file-store';
import type { S3Config } from './s3-config';

const HOUR = 3600;

// The SDK warns on every process start that its releases after January 2027 will need Node 22. The
// lock file pins a release that runs on Node 20 (the version this project supports), so the
// warning only adds noise to every api and worker log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * File bytes in an S3-compatible bucket (AWS, Ceph RADOS Gateway, MinIO, …), one object per file
 * id under `files/`. Clients read and write them directly with presigned URLs: a PUT for an upload,
 * a GET (Range works: the store serves it) for playback. Path-style addressing, which RGW and most
 * self-hosted stores need.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  readonly scratchDir: string;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly config: S3Config,
    dataDir: string,
  ) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      // The SDK's default CRC checksums send bodies as aws-chunked streams, which RGW and other
      // S3-compatible stores refuse (411); checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    this.scratchDir = join(dataDir, 'scratch');
    mkdirSync(this.scratchDir, { recursive: true });
  }

  private key(id: string): string {
    return `files/${id}`;
  }

  /** Creates the bucket when missing and lets browsers PUT and GET from any origin (CORS). */
  ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      const Bucket = this.config.bucket;
      try {
        await this.client.send(new HeadBucketCommand({ Bucket }));
      } catch {
        await this.client.send(new CreateBucketCommand({ Bucket }));
      }
      await this.client.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: ['*'],
                AllowedMethods: ['GET', 'HEAD', 'PUT'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges', 'ETag'],
                MaxAgeSeconds: HOUR,
              },
            ],
          },
        }),
      );
    })();
    return this.ready;
  }

  /**
   * Signed at the start of the hour for 25 hours, so one file keeps one URL for an hour and the
   * browser's cache can reuse what it already streamed (as the local store's links do).
   */
  async url(_origin: string, id: string): Promise<string> {
    const hourStart = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(id) }),
      { expiresIn: 25 * HOUR, signingDate: new Date(hourStart * 1000) },
    );
  }

  uploadUrl(_origin: string, file: FileRow, seconds: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(file.id) }),
      { expiresIn: seconds },
    );
  }

  async uploadedSize(file: FileRow): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(file.id) }),
      );
      return head.ContentLength;
    } catch (error) {
      if (
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      ) {
        return undefined;
      }
      throw error;
    }
  }

  async putFile(id: string, path: string, contentType: string): Promise<number> {
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(id),
        Body: createReadStream(path),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(path, { force: true });
    return size;
  }

  async localCopy(id: string): Promise<{ path: string; release(): Promise<void> }> {
    const path = this.scratchPath('-download');
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(id) }),
    );
    try {
      await pipeline(object.Body as Readable, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, release: () => rm(path, { force: true }) };
  }

  scratchPath(suffix: string): string {
    return join(this.scratchDir, `${newId('tmp')}${suffix}.part`);
  }

  async remove(id: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(id) }),
    );
  }
}
