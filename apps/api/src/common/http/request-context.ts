import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { EventContext } from '@app/domain';

type ContextSource = { req: Request } | { context: EventContext };

const current = new AsyncLocalStorage<ContextSource>();

/**
 * Express middleware: the rest of the request runs with it as its context, so an event written
 * anywhere below records the request's address, user agent and id (read when asked: the logger sets
 * the id later in the chain).
 */
export function requestContext() {
  return (req: Request, _res: Response, next: NextFunction) => current.run({ req }, next);
}

/** Runs fn with a context that did not come from an HTTP request (a socket event, a job). */
export function withEventContext<T>(context: EventContext, fn: () => T): T {
  return current.run({ context }, fn);
}

/** Where the code running now was asked from: empty outside a request. */
export function currentEventContext(): EventContext {
  const source = current.getStore();
  if (!source) return {};
  if ('context' in source) return source.context;
  const { req } = source;
  const context: EventContext = {};
  if (req.ip) context.ip = req.ip;
  const agent = req.headers['user-agent'];
  if (typeof agent === 'string' && agent) context.userAgent = agent.slice(0, 512);
  const id = (req as Request & { id?: unknown }).id;
  if (typeof id === 'string' && id) context.requestId = id;
  return context;
}
