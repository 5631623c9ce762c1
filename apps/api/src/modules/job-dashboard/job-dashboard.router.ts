import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { IServerAdapter } from '@bull-board/api/dist/types';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Express, NextFunction, Request, Response } from 'express';
import { QUEUES } from '../../common/queue/queues';
import { JOB_DASHBOARD_PATH, JobDashboardService } from './job-dashboard.service';

/**
 * Mounts bull-board (every queue of `QUEUES`, the BullMQ queues Nest registered) at
 * `/api/admin/queues`, behind a check of the dashboard cookie or a bearer token: a live session of a
 * super admin, else a JSON 401 or 403. Its page, scripts and API calls all live under that path, where
 * the cookie is sent. Retry, clean, pause and the other actions are writes of super admins alone, like
 * the page itself. `POST /api/admin/queues/session` (the route that sets the cookie) passes through
 * to Nest. The page runs under the app's own strict Content-Security-Policy (its scripts and styles are
 * same-origin files; checked in Chromium): only its Google Fonts stylesheet is refused, and the UI falls
 * back to the system's sans-serif, so no administrator's browser calls Google from here.
 */
export function mountJobDashboard(app: INestApplication): void {
  let dashboard: JobDashboardService;
  try {
    dashboard = app.get(JobDashboardService, { strict: false });
  } catch {
    return; // an app of a few modules (a feature's own test) or the OpenAPI export's preview: no queues to show
  }
  const instances = Object.values(QUEUES).map((name) => app.get<Queue | null>(getQueueToken(name), { strict: false }));
  // a preview app (the OpenAPI export) has providers that were never made
  if (!dashboard || instances.some((queue) => !queue)) return;
  const queues = instances.map((queue) => new BullMQAdapter(queue!));
  const board = new ExpressAdapter();
  board.setBasePath(JOB_DASHBOARD_PATH);
  createBullBoard({
    queues,
    // @bull-board/express 9.10.1 declares its own copy of @bull-board/api 9.10.1's types (the same shape)
    serverAdapter: board as unknown as IServerAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Tahanan jobs',
        hideDocsLink: true,
        miscLinks: [{ text: 'Admin console', url: '/admin' }],
      },
    },
  });
  const boardApp = board.getRouter() as Express;
  boardApp.disable('x-powered-by');
  const guard = (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/session') return next();
    dashboard.authenticate(req).then((access) => {
      if ('user' in access) return next();
      res.setHeader('Cache-Control', 'no-store');
      res.status(access.status).json({ statusCode: access.status, message: access.message, error: access.status === 401 ? 'Unauthorized' : 'Forbidden' });
    }, next);
  };
  const instance = app.getHttpAdapter().getInstance() as Express;
  instance.use(JOB_DASHBOARD_PATH, guard, boardApp);
}
