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
});
