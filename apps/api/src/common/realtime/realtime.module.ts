import { Global, Module } from '@nestjs/common';
import { RealtimeService } from './realtime.service';
import { SocketLimits } from './socket-limits';

/** Global: services anywhere (auth, messaging) can push to connected clients. */
@Global()
@Module({ providers: [RealtimeService, SocketLimits], exports: [RealtimeService, SocketLimits] })
export class RealtimeModule {}
