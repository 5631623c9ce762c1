import { Global, Module } from '@nestjs/common';
import { RealtimeService } from './realtime.service';

/** Global: services anywhere (auth, messaging) can push to connected clients. */
@Global()
@Module({ providers: [RealtimeService], exports: [RealtimeService] })
export class RealtimeModule {}
