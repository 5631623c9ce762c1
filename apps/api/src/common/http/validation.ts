import type { ValidationPipeOptions } from '@nestjs/common';

/** How every request body and query is validated (http-app.ts); the listing import checks each row of its file the same way. */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: false,
};
