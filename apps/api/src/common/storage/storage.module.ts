import { Global, Module } from '@nestjs/common';
import { FileStorage, LocalDiskStorage } from './storage.service';
import { MediaController } from './media.controller';

@Global()
@Module({
  controllers: [MediaController],
  providers: [{ provide: FileStorage, useClass: LocalDiskStorage }],
  exports: [FileStorage],
})
export class StorageModule {}
