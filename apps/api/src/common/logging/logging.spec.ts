import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { isQuietRequest, QuietStartupLogger, requestLogLevel, resolveLogFormat, urlForLog } from './logging';

describe('log format', () => {
  const person = { isTty: true, ci: false, nodeEnv: 'development' };
  it('auto: readable lines only for a terminal outside CI and tests', () => {
    expect(resolveLogFormat('auto', person)).toBe('pretty');
    expect(resolveLogFormat('auto', { ...person, isTty: false })).toBe('json');
    expect(resolveLogFormat('auto', { ...person, ci: true })).toBe('json');
    expect(resolveLogFormat('auto', { ...person, nodeEnv: 'test' })).toBe('json');
    expect(resolveLogFormat('auto', { ...person, nodeEnv: 'production' })).toBe('pretty');
  });
  it('an explicit LOG_FORMAT wins', () => {
    expect(resolveLogFormat('json', person)).toBe('json');
    expect(resolveLogFormat('pretty', { isTty: false, ci: true, nodeEnv: 'test' })).toBe('pretty');
  });
});

describe('request log level', () => {
  const req = (method: string, url: string) => ({ method, url }) as IncomingMessage;
  const res = (statusCode: number) => ({ statusCode }) as ServerResponse;
  it('quiet: pages, static files, photos, signed attachments and health, read-only', () => {
    for (const url of ['/', '/messages/1', '/assets/index-abc.js', '/api/media/a/b.webp', '/api/health', '/api/threads/t/attachments/a?expires=1&signature=x']) {
      expect([url, isQuietRequest('GET', url)]).toEqual([url, true]);
    }
    expect(isQuietRequest('HEAD', '/api/media/a.webp')).toBe(true);
  });
  it('not quiet: API calls and anything that writes', () => {
    for (const url of ['/api', '/api/threads', '/api/threads/t/messages', '/api/health-check', '/api/mediafoo']) {
      expect([url, isQuietRequest('GET', url)]).toEqual([url, false]);
    }
    expect(isQuietRequest('POST', '/api/media/a.webp')).toBe(false);
    expect(isQuietRequest('POST', '/login')).toBe(false);
  });
  it('info for API calls, debug for quiet ones, error on a failure either way', () => {
    expect(requestLogLevel(req('GET', '/api/threads'), res(200))).toBe('info');
    expect(requestLogLevel(req('GET', '/api/threads'), res(404))).toBe('info');
    expect(requestLogLevel(req('GET', '/api/media/x.webp'), res(200))).toBe('debug');
    expect(requestLogLevel(req('GET', '/api/media/x.webp'), res(404))).toBe('debug');
    expect(requestLogLevel(req('GET', '/api/media/x.webp'), res(500))).toBe('error');
    expect(requestLogLevel(req('GET', '/api/health'), res(503))).toBe('error');
    expect(requestLogLevel(req('GET', '/api/health'), res(200), new Error('boom'))).toBe('error');
  });
  it('leaves a signed link’s signature out of the log', () => {
    expect(urlForLog('/api/threads/t/attachments/a?expires=9&signature=abc')).toBe('/api/threads/t/attachments/a?expires=9&signature=[Redacted]');
    expect(urlForLog('/api/threads?page=2')).toBe('/api/threads?page=2');
  });
});

describe('QuietStartupLogger', () => {
  it("moves Nest's module and route lines to debug, passes the rest on", () => {
    const calls: string[] = [];
    const inner: LoggerService = {
      log: (m: unknown) => calls.push(`log ${String(m)}`),
      debug: (m: unknown) => calls.push(`debug ${String(m)}`),
      error: (m: unknown) => calls.push(`error ${String(m)}`),
      warn: (m: unknown) => calls.push(`warn ${String(m)}`),
    };
    const logger = new QuietStartupLogger(inner);
    logger.log('Mapped {/api/threads, GET} route', 'RouterExplorer');
    logger.log('AuthModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful', 'Something');
    logger.error('broken', 'stack', 'Something');
    expect(calls).toEqual([
      'debug Mapped {/api/threads, GET} route',
      'debug AuthModule dependencies initialized',
      'log Nest application successfully started',
      'warn careful',
      'error broken',
    ]);
  });
});
