import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, PASSWORD_SCRYPT } from '@server/config';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@server/platform/auth/passwords';
import { TEST_RUN_PASSWORD_ENV } from '@tests/support/password-work-factor';

const NAME = PASSWORD_SCRYPT.testEnvName;
const workFactor = (hash: string) => Number(hash.split('$')[1]);

describe('the password work factor', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is 2^17 for npm start, development and production, whatever the test-only variable says', () => {
    expect(PASSWORD_SCRYPT.N).toBe(131_072);
    // `npm start` sets no NODE_ENV: the config's default.
    expect(loadConfig({}).passwordScryptN).toBe(131_072);
    expect(loadConfig({ [NAME]: '1024' }).passwordScryptN).toBe(131_072);
    expect(loadConfig({ NODE_ENV: 'development', [NAME]: '1024' }).passwordScryptN).toBe(131_072);
    expect(loadConfig({ NODE_ENV: 'production', [NAME]: '1024' }).passwordScryptN).toBe(131_072);
  });

  it('is lowered only with NODE_ENV=test and a power of two up to 2^17', () => {
    expect(Object.keys(TEST_RUN_PASSWORD_ENV)).toEqual([NAME]);
    expect(loadConfig({ NODE_ENV: 'test' }).passwordScryptN).toBe(131_072);
    expect(loadConfig({ NODE_ENV: 'test', [NAME]: '1024' }).passwordScryptN).toBe(1024);
    for (const bad of ['1000', '1', '262144', 'cheap']) {
      expect(() => loadConfig({ NODE_ENV: 'test', [NAME]: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', [NAME]: bad })).toThrow(`${NAME}: must be a power of two from 2 to 131072`);
    }
  });

  it('of this test run is the cheap one, for new hashes and the unknown-user dummy alike', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(workFactor(await dummyPasswordHash())).toBe(1024);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('outside a test run makes hashes (and the dummy) carrying N=131072, which verify', async () => {
    // As `npm start` with the test-only variable left in its environment: NODE_ENV unset.
    vi.stubEnv('NODE_ENV', undefined);
    vi.stubEnv(NAME, '1024');
    vi.resetModules();
    const fresh = await import('@server/platform/auth/passwords');
    const hash = await fresh.hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(workFactor(await fresh.dummyPasswordHash())).toBe(131_072);
    expect(await fresh.verifyPassword('correct horse battery staple', hash)).toBe(true);
  });

  it('verifies a hash by the N it carries: a 2^17 hash in the cheap test run', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const production = await import('@server/platform/auth/passwords');
    const strong = await production.hashPassword('correct horse battery staple');
    expect(workFactor(strong)).toBe(131_072);
    expect(await verifyPassword('correct horse battery staple', strong)).toBe(true);
  });
});
