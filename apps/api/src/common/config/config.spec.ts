import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults for the embedded setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ role: 'all', port: 3000, database: { url: undefined, pgliteDir: './data/pglite', migrate: true } });
    expect(c.redis.url).toBe('redis://127.0.0.1:6379');
    expect(c.auth.jwtSecretGenerated).toBe(true);
    expect(c.oauth).toEqual({ google: undefined, facebook: undefined, codeTtlSeconds: 60 });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ ROLE: 'both' }, /ROLE/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 32 characters/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET: required when NODE_ENV=production/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_SECRET: required/],
    [{ REDIS_PREFIX: 'a b' }, /REDIS_PREFIX/],
    [{ OAUTH_CODE_TTL_SECONDS: '61' }, /OAUTH_CODE_TTL_SECONDS/],
    [{ OAUTH_CODE_TTL_SECONDS: '0' }, /OAUTH_CODE_TTL_SECONDS/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
  ])('stops on a bad value and names the variable (%j)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('trusts no proxy by default, one hop for true, and never every proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::/32' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('reads the CORS allow-list and the OAuth endpoints', () => {
    const c = loadConfig({
      CORS_ORIGINS: 'https://a.ph, https://b.ph',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
    });
    expect(c.corsOrigins).toEqual(['https://a.ph', 'https://b.ph']);
    expect(c.oauth.google).toMatchObject({ clientId: 'id', tokenURL: 'http://127.0.0.1:9/token' });
  });

  describe('KYC master keys', () => {
    const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };

    it('requires KYC_MASTER_KEY in production and names it', () => {
      expect(() => loadConfig(production)).toThrow(ConfigError);
      expect(() => loadConfig(production)).toThrow(/KYC_MASTER_KEY: required when NODE_ENV=production/);
      expect(loadConfig({ ...production, KYC_MASTER_KEY: key(1) }).kyc.masterKey).toEqual({ id: 'k1', key: Buffer.alloc(32, 1) });
    });

    it('leaves it unset outside production (a development key file is used, beside the storage folder)', () => {
      const c = loadConfig({ STORAGE_DIR: '/srv/data/uploads' });
      expect(c.kyc.masterKey).toBeNull();
      expect(c.kyc.devKeyFile).toBe('/srv/data/keys/kyc-master.key');
      expect(c.kyc).toMatchObject({ approvalValidDays: 730, retentionDays: 90, abandonedAfterDays: 30, submissionsPerDay: 5 });
    });

    it('reads the current key id and the previous keys (rotation)', () => {
      const c = loadConfig({ KYC_MASTER_KEY: key(2), KYC_MASTER_KEY_ID: 'k2', KYC_PREVIOUS_MASTER_KEYS: `k1:${key(1)}, k0:${key(0)}` });
      expect(c.kyc.masterKey).toEqual({ id: 'k2', key: Buffer.alloc(32, 2) });
      expect(c.kyc.previousKeys).toEqual([
        { id: 'k1', key: Buffer.alloc(32, 1) },
        { id: 'k0', key: Buffer.alloc(32, 0) },
      ]);
    });

    it.each([
      [{ KYC_MASTER_KEY: Buffer.alloc(16).toString('base64') }, /KYC_MASTER_KEY: must be the base64 of 32 random bytes/],
      [{ KYC_MASTER_KEY: 'not base64!' }, /KYC_MASTER_KEY: must be the base64/],
      [{ KYC_MASTER_KEY_ID: 'k 1' }, /KYC_MASTER_KEY_ID/],
      [{ KYC_PREVIOUS_MASTER_KEYS: 'k0' }, /KYC_PREVIOUS_MASTER_KEYS: a comma-separated list of id:base64/],
      [{ KYC_MASTER_KEY: key(1), KYC_PREVIOUS_MASTER_KEYS: `k1:${key(0)}` }, /the key id 'k1' is used twice/],
      [{ KYC_RETENTION_DAYS: '0' }, /KYC_RETENTION_DAYS/],
    ])('stops on a bad KYC key setting (%j)', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });
});
