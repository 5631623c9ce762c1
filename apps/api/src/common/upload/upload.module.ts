import { Global, Module } from '@nestjs/common';
import { UploadRateLimiter, UploadRateLimitGuard } from './upload-rate-limit';
import { UploadTempFolder } from './upload-temp-folder';

/** What every upload route shares: the temp folder files are streamed to, and the per-member rate limit. */
@Global()
@Module({
  providers: [UploadTempFolder, UploadRateLimiter, UploadRateLimitGuard],
  exports: [UploadTempFolder, UploadRateLimiter, UploadRateLimitGuard],
})
export class UploadModule {}
