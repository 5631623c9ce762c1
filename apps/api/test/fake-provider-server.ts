import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A request a local provider server received, with what it answered. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  /** What the fake answered (0: it dropped the connection or never answered). */
  status: number;
}

/** Down: answering 500 (`error`), dropping the connection (`reset`), never answering (`hang`); or `up`. */
export type Outage = 'up' | 'error' | 'reset' | 'hang';

export const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export type Send = (status: number, body: unknown) => void;

/**
 * What the local PayMongo and Maya servers share: an HTTP server on 127.0.0.1 (a free port, `url`),
 * every request recorded with its answer (`requests`, `requestsTo`), and outages. A subclass answers
 * the requests that get through (`route`) and says what its 500 looks like (`outageBody`).
 */
export abstract class FakeProviderServer {
  readonly requests: RecordedRequest[] = [];
  /** Where the fake posts its webhooks (our `/api/payment/webhook/<provider>`). */
  webhookUrl = '';
  outage: Outage = 'up';
  url = '';
  private readonly server: Server = createServer((req, res) => void this.receive(req, res));
  private readonly hanging = new Set<ServerResponse>();

  protected abstract outageBody(): unknown;
  protected abstract route(req: IncomingMessage, res: ServerResponse, url: URL, rec: RecordedRequest, send: Send): unknown;

  protected async listen(webhookUrl?: string): Promise<void> {
    this.webhookUrl = webhookUrl ?? '';
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Down (`error`, `reset`, `hang`) or back `up`. */
  setOutage(outage: Outage): void {
    this.outage = outage;
    if (outage !== 'hang') {
      for (const res of this.hanging) res.destroy();
      this.hanging.clear();
    }
  }

  /** The requests of a method to a path (a trailing `*` matches a beginning). */
  requestsTo(method: string, path: string): RecordedRequest[] {
    const match = path.endsWith('*') ? (p: string) => p.startsWith(path.slice(0, -1)) : (p: string) => p === path;
    return this.requests.filter((r) => r.method === method && match(r.path));
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const rec: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, rawBody, body: rawBody ? tryJson(rawBody) : undefined, status: 0 };
    this.requests.push(rec);
    const send: Send = (status, body) => {
      rec.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (this.outage === 'reset') return void req.socket.destroy();
    if (this.outage === 'hang') return void this.hanging.add(res);
    if (this.outage === 'error') return send(500, this.outageBody());
    await this.route(req, res, url, rec, send);
  }
}
