import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Sorts object keys recursively so the exported document is byte-for-byte stable. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * The OpenAPI document: operationId is the controller method's name; routes marked @Public() carry
 * no security, every other route needs the bearer token and may answer 401.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Tahanan API')
    .setDescription('Property marketplace of the Philippines: listings, messaging, reports, ARIA and accounts.')
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const op = item[method] as (Record<string, unknown> & { responses: Record<string, unknown> }) | undefined;
      if (!op) continue;
      if (op['x-public']) {
        op.security = [];
        delete op['x-public'];
      } else {
        op.security = [{ bearer: [] }];
        op.responses['401'] ??= { description: 'Missing, invalid or revoked token' };
      }
    }
  }
  return sortKeys(document) as OpenAPIObject;
}
