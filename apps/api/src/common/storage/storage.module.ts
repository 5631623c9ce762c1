import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { FileStorage, LocalDiskStorage } from './storage.service';
import { MediaController } from './media.controller';
import { S3Storage } from './s3-storage';

/** The storage port, by STORAGE_DRIVER: the local disk (default) or an S3-compatible bucket. */
@Global()
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FileStorage => (config.storage.driver === 's3' ? new S3Storage(config) : new LocalDiskStorage(config)),
    },
  ],
  exports: [FileStorage],
})
export class StorageModule {}
