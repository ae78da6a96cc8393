/** The S3-compatible store's settings, from S3_ENDPOINT, S3_BUCKET, S3_REGION and the key pair. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const NAMES = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const;

/** undefined when no S3 variable is set; an error naming the missing ones when only some are. */
export function readS3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const values = Object.fromEntries(
    Object.entries(NAMES).map(([field, name]) => [field, env[name]?.trim() ?? '']),
  ) as Record<keyof S3Config, string>;
  const missing = Object.entries(NAMES)
    .filter(([field]) => !values[field as keyof S3Config])
    .map(([, name]) => name);
  if (missing.length === Object.keys(NAMES).length) return undefined;
  if (missing.length > 0) {
    throw new Error(`S3 storage needs ${missing.join(', ')} as well (or no S3_* variables).`);
  }
  return values;
}
