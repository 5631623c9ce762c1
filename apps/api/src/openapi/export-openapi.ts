import { NestFactory } from '@nestjs/core';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from '../app.module';
import { loadConfig } from '../common/config/config';
import { configureHttpApp, NEST_HTTP_OPTIONS } from '../http-app';
import { buildOpenApiDocument } from './openapi';

/** Writes openapi/openapi.json (or the path given) from the code, without connecting to anything. */
async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', '..', '..', 'openapi', 'openapi.json'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', ROLE: 'api', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRole(config), { ...NEST_HTTP_OPTIONS, preview: true, logger: false, abortOnError: false });
  configureHttpApp(app, config, { docs: false, spa: false });
  const document = buildOpenApiDocument(app);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(document, null, 2) + '\n');
  await app.close();
  console.log(`OpenAPI document written to ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
