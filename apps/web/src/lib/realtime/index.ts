export {
  ACK_TIMEOUT_MS,
  AUTH_ERRORS,
  NotConnectedError,
  RealtimeClient,
  SOCKET_OPTIONS,
  DeferredSocket,
  browserSocketFactory,
  createDisabledRealtime,
  createRealtimeClient,
  isAuthError,
  type EventHandler,
  type Realtime,
  type RealtimeStatus,
  type SocketFactory,
  type SocketLike,
  type SocketOptions,
} from './realtime-client';
export { LazyRealtime, createLazyRealtimeClient } from './lazy-realtime';
export { bindRealtimeToStore, type TokenSource } from './bind';
export { RealtimeProvider, useRealtime, useRealtimeStatus, type RealtimeProviderProps } from './context';
