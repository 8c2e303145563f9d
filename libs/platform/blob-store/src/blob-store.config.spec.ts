import { resolve } from 'node:path';
import { ConfigError, EnvReader } from '@tracker/platform/config';
import { readBlobStoreConfig } from './blob-store.config';

function read(environment: Record<string, string>): unknown {
  const env = new EnvReader(environment);
  return env.finish({ blobStore: readBlobStoreConfig(env) }).blobStore;
}

function problems(environment: Record<string, string>): readonly string[] {
  try {
    read(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('readBlobStoreConfig', () => {
  it('defaults to the directory adapter under the data directory', () => {
    expect(read({})).toEqual({ adapter: 'directory', dir: resolve('./data/blobs') });
    expect(read({ TRACKER_DATA_DIR: '/srv/tracker' })).toEqual({ adapter: 'directory', dir: '/srv/tracker/blobs' });
    expect(read({ TRACKER_DATA_DIR: '/srv/tracker', TRACKER_BLOB_DIR: 'relative/blobs' })).toEqual({
      adapter: 'directory',
      dir: resolve('relative/blobs'),
    });
  });

  it('reads the MinIO adapter from the TRACKER_S3_ variables, with their defaults', () => {
    const minio = {
      TRACKER_BLOB_STORE: 'minio',
      TRACKER_S3_ENDPOINT: 'minio.internal',
      TRACKER_S3_ACCESS_KEY: 'tracker',
      TRACKER_S3_SECRET_KEY: 's3cret',
    };
    expect(read(minio)).toEqual({
      adapter: 'minio',
      endPoint: 'minio.internal',
      port: 9000,
      useSSL: false,
      accessKey: 'tracker',
      secretKey: 's3cret',
      bucket: 'tracker-attachments',
    });
    expect(
      read({
        ...minio,
        TRACKER_S3_PORT: '443',
        TRACKER_S3_USE_SSL: 'true',
        TRACKER_S3_BUCKET: 'bugs.example',
        TRACKER_S3_REGION: 'eu-west-1',
      }),
    ).toMatchObject({
      port: 443,
      useSSL: true,
      bucket: 'bugs.example',
      region: 'eu-west-1',
    });
  });

  it('ignores the S3 variables while the directory adapter is chosen', () => {
    expect(read({ TRACKER_S3_PORT: 'not a port', TRACKER_BLOB_DIR: '/b' })).toEqual({ adapter: 'directory', dir: '/b' });
  });

  it('refuses an unknown adapter name', () => {
    expect(problems({ TRACKER_BLOB_STORE: 'ftp' })).toEqual(['TRACKER_BLOB_STORE=ftp is not one of: directory, minio']);
  });

  it('lists every bad S3 variable at once, without showing the secrets', () => {
    expect(
      problems({
        TRACKER_BLOB_STORE: 'minio',
        TRACKER_S3_ENDPOINT: 'http://minio:9000',
        TRACKER_S3_PORT: '0',
        TRACKER_S3_USE_SSL: 'sometimes',
        TRACKER_S3_BUCKET: 'Tracker_Files',
      }),
    ).toEqual([
      'TRACKER_S3_ENDPOINT=http://minio:9000 is not a host name: give the scheme by TRACKER_S3_USE_SSL and the port by TRACKER_S3_PORT',
      'TRACKER_S3_BUCKET=Tracker_Files is not an S3 bucket name (3-63 characters of a-z, 0-9, "." and "-", starting and ending with a letter or digit)',
      'TRACKER_S3_PORT=0 is not an integer between 1 and 65535',
      'TRACKER_S3_USE_SSL=sometimes is not a boolean (true/false)',
      'TRACKER_S3_ACCESS_KEY is required when TRACKER_BLOB_STORE=minio',
      'TRACKER_S3_SECRET_KEY is required when TRACKER_BLOB_STORE=minio',
    ]);
    expect(problems({ TRACKER_BLOB_STORE: 'minio' })).toEqual([
      'TRACKER_S3_ENDPOINT is required when TRACKER_BLOB_STORE=minio',
      'TRACKER_S3_ACCESS_KEY is required when TRACKER_BLOB_STORE=minio',
      'TRACKER_S3_SECRET_KEY is required when TRACKER_BLOB_STORE=minio',
    ]);
  });

  it.each(['ab', 'a'.repeat(64), '-tracker', 'tracker-', 'a..b', '192.168.1.1'])('refuses the bucket name %j', (bucket) => {
    const env = {
      TRACKER_BLOB_STORE: 'minio',
      TRACKER_S3_ENDPOINT: 'localhost',
      TRACKER_S3_ACCESS_KEY: 'k',
      TRACKER_S3_SECRET_KEY: 's',
      TRACKER_S3_BUCKET: bucket,
    };
    expect(problems(env)).toEqual([expect.stringMatching(/^TRACKER_S3_BUCKET=.* is not an S3 bucket name/)]);
  });
});
