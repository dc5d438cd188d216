import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', publicUrl: 'http://localhost:8080', databaseUrl: undefined });
  });

  it('reads the admin list case-insensitively', () => {
    expect([...loadConfig({ ADMIN_EMAILS: ' Boss@X.com, ,ops@x.com' }).adminEmails]).toEqual(['boss@x.com', 'ops@x.com']);
  });

  it('names every bad variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrowError(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/\n {2}LOG_LEVEL: /,
    );
  });

  it('keeps at most DATABASE_POOL_SIZE connections to PostgreSQL (else the pool default), and refuses a size that is not 1 to 100', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: ' 5 ' }).databasePoolSize).toBe(5);
    for (const bad of ['0', '101', '2.5', 'five']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrowError('DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a whole number from 1 to 100');
    }
  });

  it('keeps 7 daily backups unless BACKUP_KEEP says otherwise (0: none), and refuses a count that is not 0 to 365', () => {
    expect(loadConfig({}).backupKeep).toBe(7);
    expect(loadConfig({ BACKUP_KEEP: '0' }).backupKeep).toBe(0);
    expect(loadConfig({ BACKUP_KEEP: '30' }).backupKeep).toBe(30);
    for (const bad of ['-1', '366', '1.5', 'week']) {
      expect(() => loadConfig({ BACKUP_KEEP: bad })).toThrowError('BACKUP_KEEP: BACKUP_KEEP must be a whole number from 0 to 365');
    }
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY lists (addresses or ranges); none by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['true', '10.0.0.0/33', '::1/129', '127.0.0.1,', 'proxy.example.com', '10.0.0.1/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY: TRUST_PROXY must be a comma-separated list/);
    }
  });

  it("leaves registrations per address to the auth feature's limit unless REGISTRATIONS_PER_IP says otherwise (1 to 100000)", () => {
    expect(loadConfig({}).registrationsPerIp).toBeUndefined();
    expect(loadConfig({ REGISTRATIONS_PER_IP: '10000' }).registrationsPerIp).toBe(10000);
    for (const bad of ['0', '100001', '2.5', 'many']) {
      expect(() => loadConfig({ REGISTRATIONS_PER_IP: bad })).toThrowError('REGISTRATIONS_PER_IP: REGISTRATIONS_PER_IP must be a whole number from 1 to 100000');
    }
  });

  it('adds demo members to a new embedded database unless DEMO_MEMBERS=0, and never to a PostgreSQL server', () => {
    expect(loadConfig({}).demoMembers).toBe(true);
    expect(loadConfig({ DEMO_MEMBERS: '0' }).demoMembers).toBe(false);
    expect(loadConfig({ DEMO_MEMBERS: '1', DATABASE_URL: 'postgres://db.example/rendezvous' }).demoMembers).toBe(false);
    expect(() => loadConfig({ DEMO_MEMBERS: 'no' })).toThrowError(/DEMO_MEMBERS: DEMO_MEMBERS must be 0 or 1/);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rendezvous.example/' }).publicUrl).toBe('https://rendezvous.example');
  });

  it('hashes passwords at the standard cost unless TEST_FAST_PASSWORDS=1 (tests only) asks for the fast one', () => {
    expect(loadConfig({}).fastPasswords).toBe(false);
    expect(loadConfig({ TEST_FAST_PASSWORDS: '1' }).fastPasswords).toBe(true);
    expect(() => loadConfig({ TEST_FAST_PASSWORDS: 'yes' })).toThrowError(/TEST_FAST_PASSWORDS: TEST_FAST_PASSWORDS must be 0 or 1/);
  });

  it('runs on the real clock unless TEST_CLOCK=1 asks for the adjustable one', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '0' }).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrowError(/TEST_CLOCK: TEST_CLOCK must be 0 or 1/);
  });

  it('mails support at SUPPORT_EMAIL, support@rendezvous.local by default, and refuses a non-address', () => {
    expect(loadConfig({}).supportEmail).toBe('support@rendezvous.local');
    expect(loadConfig({ SUPPORT_EMAIL: ' Help@Rendezvous.example ' }).supportEmail).toBe('help@rendezvous.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrowError(/SUPPORT_EMAIL: SUPPORT_EMAIL must be an e-mail address/);
  });

  it('takes the VAPID keys all three or none, and PUSH_ALLOWED_HOSTS as given', () => {
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig({}).pushAllowedHosts).toBeUndefined();
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'k', VAPID_SUBJECT: 'mailto:a@b.c' }).vapid).toEqual({ publicKey: 'p', privateKey: 'k', subject: 'mailto:a@b.c' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'p' })).toThrowError(/VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together/);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: 'push.example.com' }).pushAllowedHosts).toBe('push.example.com');
  });
  it('keeps uploads in DATA_DIR/photos unless STORAGE_URL names a bucket, and reads the S3_* variables with it', () => {
    expect(loadConfig({}).objectStore).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://rendezvous-photos', S3_REGION: 'eu-west-3' }).objectStore).toEqual({
      bucket: 'rendezvous-photos',
      prefix: '',
      endpoint: undefined,
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
    const minio = loadConfig({
      STORAGE_URL: 's3://uploads/rendezvous/prod/',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      STORAGE_PUBLIC_URL: 'https://cdn.example/photos/',
    }).objectStore;
    expect(minio).toEqual({
      bucket: 'uploads',
      prefix: 'rendezvous/prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example/photos',
    });
  });

  it('refuses a malformed STORAGE_URL, naming it', () => {
    for (const bad of ['http://bucket', 's3://', 's3://UPPER', 's3://ab', 's3://bucket/../up', 's3://bucket//double', 's3://bucket/a b', 'bucket']) {
      expect(() => loadConfig({ STORAGE_URL: bad, S3_REGION: 'us-east-1' })).toThrowError(/\n {2}STORAGE_URL: STORAGE_URL must be s3:\/\/bucket or s3:\/\/bucket\/prefix/);
    }
  });

  it('refuses the S3_* variables and STORAGE_PUBLIC_URL without STORAGE_URL, each named', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key', STORAGE_PUBLIC_URL: 'https://cdn.example' })).toThrowError(
      /S3_ENDPOINT: S3_ENDPOINT is read only with STORAGE_URL=s3:\/\/….*\n {2}S3_ACCESS_KEY_ID: .*\n {2}STORAGE_PUBLIC_URL: /s,
    );
  });

  it('asks for what a bucket needs: a region on AWS, both keys or neither, valid values', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket' })).toThrowError(/S3_REGION: S3_REGION is needed on AWS/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key' })).toThrowError(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_REGION: 'us-east-1', S3_SECRET_ACCESS_KEY: 'secret' })).toThrowError(/S3_ACCESS_KEY_ID: set S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' })).toThrowError(/S3_ENDPOINT: S3_ENDPOINT must start with http:\/\/ or https:\/\//);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_REGION: 'US East' })).toThrowError(/S3_REGION: S3_REGION must be a region name/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'yes' })).toThrowError(/S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be 0 or 1/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_REGION: 'auto', STORAGE_PUBLIC_URL: 'cdn.example' })).toThrowError(/STORAGE_PUBLIC_URL: STORAGE_PUBLIC_URL must start with http:\/\//);
  });
});
