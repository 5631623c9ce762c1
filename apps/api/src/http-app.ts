import { INestApplication, ValidationPipe } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './common/config/config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { jsonBody, refuseNulInUrl, refuseOtherBodies } from './common/http/body-parsing';
import { requestContext } from './common/http/request-context';
import { VALIDATION_OPTIONS } from './common/http/validation';
import { RouteMethodIndex } from './common/errors/route-methods';
import { RedisIoAdapter } from './common/realtime/redis-io.adapter';
import { mountJobDashboard } from './modules/job-dashboard/job-dashboard.router';
import { buildOpenApiDocument } from './openapi/openapi';

export const API_PREFIX = 'api';
export { NEST_HTTP_OPTIONS } from './common/http/body-parsing';

/** A path naming a source map (`.map`, in any case, however percent-encoded). */
function isSourceMapPath(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // a malformed escape: express.static will not find such a file either
  }
  return /\.map$/i.test(decoded.replace(/\/+$/, ''));
}

/** Vite names every file under /assets by a hash of its content: such a file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app for every non-API GET; the app's router shows its own 404. Hashed files
 * under /assets are cached for a year (a new build has new names), everything else (index.html, the
 * favicon) is revalidated every time. Source maps are never served (a build keeps them out of the
 * folder, and this refuses them if one is left).
 */
function spaMiddleware(webDist: string) {
  const index = path.join(webDist, 'index.html');
  const assets = express.static(webDist, {
    index: false,
    setHeaders: (res, file) => {
      const relative = path.relative(webDist, file).split(path.sep);
      res.setHeader('Cache-Control', relative.length > 1 && relative[0] === 'assets' ? IMMUTABLE : 'no-cache');
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isSourceMapPath(req.path)) {
      res.status(404).json({ statusCode: 404, message: `No file ${req.path}`, error: 'Not Found' });
      return;
    }
    assets(req, res, () => {
      if (req.path.startsWith('/assets/')) {
        // a file of another build: answering with index.html would be cached as that script
        res.status(404).setHeader('Cache-Control', 'no-cache');
        res.json({ statusCode: 404, message: `No file ${req.path}`, error: 'Not Found' });
        return;
      }
      if (!existsSync(index)) {
        res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  };
}

/**
 * Brotli or gzip (as the client's Accept-Encoding allows; brotli first) for compressible answers of
 * 1 kB or more: JSON, HTML, JS, CSS, SVG. Images, video and PDFs are left alone (the default filter
 * only compresses types listed compressible). Never compressed: a byte-range request or answer (206,
 * Content-Range: the byte offsets are of the file as stored), a file sent as a download or inline
 * attachment (Content-Disposition: players ask it again by byte ranges), and event streams (they
 * must not be buffered).
 */
export function compressionMiddleware() {
  return compression({
    filter: (req, res) => {
      if (req.headers.range || res.statusCode === 206 || res.getHeader('Content-Range')) return false;
      if (res.getHeader('Content-Disposition')) return false;
      if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

/** Everything an HTTP app needs, shared by main.ts, the OpenAPI export and the integration tests. */
export function configureHttpApp(
  app: INestApplication,
  config: AppConfig,
  options: { docs?: boolean; spa?: boolean; jobDashboard?: boolean } = {},
): void {
  const { docs = true, spa = true, jobDashboard = true } = options;
  const instance = app.getHttpAdapter().getInstance() as express.Express;
  app.setGlobalPrefix(API_PREFIX);
  if (config.trustProxy !== false) instance.set('trust proxy', config.trustProxy);
  instance.disable('x-powered-by');
  if (config.httpCompression) app.use(compressionMiddleware());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: is a picked file's local preview (composer, photo uploads); attachments are same-origin links
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
          mediaSrc: ["'self'", 'blob:'],
          // uploads send the File objects themselves: nothing ever fetches a blob: URL
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // plain-HTTP installs (a LAN, the e2e server) must keep working; HTTPS is the proxy's job
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(refuseNulInUrl());
  app.use(requestContext());
  app.use(jsonBody());
  app.use(refuseOtherBodies(API_PREFIX));
  const allowed = new Set(config.corsOrigins);
  app.enableCors({
    origin: (origin: string | undefined, cb: (err: Error | null, allow?: string | false) => void) => cb(null, !origin || allowed.has(origin) ? origin ?? false : false),
    credentials: true,
    exposedHeaders: ['x-request-id'],
  });
  app.useGlobalPipes(
    new ValidationPipe(VALIDATION_OPTIONS),
  );
  const routes = new RouteMethodIndex(() => (instance as unknown as { router: { stack: [] } }).router.stack);
  app.useGlobalFilters(new HttpExceptionFilter(routes));
  // socket.io (/socket.io) on the same HTTP server; the Redis adapter spans every API process
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  // bull-board for super admins at /api/admin/queues (under the same strict Content-Security-Policy: its UI needs no more)
  if (jobDashboard) mountJobDashboard(app);
  if (spa) app.use(spaMiddleware(config.webDist));
  if (docs) {
    const document = buildOpenApiDocument(app);
    SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, {
      jsonDocumentUrl: `${API_PREFIX}/docs-json`,
      customSiteTitle: 'Tahanan API',
    });
  }
  app.enableShutdownHooks();
}
