import type { ServerResponse } from 'node:http';
import { pipeline, type Readable } from 'node:stream';

/**
 * Sends a stored file's stream as the answer's body, and destroys the stream when the client goes
 * away first. `stream.pipe(res)` would leave it open and paused: on S3 that holds one of the SDK's 50
 * pooled connections to the bucket for good, and 50 abandoned downloads (a video player's skipped
 * ranges) would leave every other file request waiting; on disk, an open file descriptor.
 */
export function sendStream(source: Readable, res: ServerResponse): void {
  if (res.destroyed || res.closed) {
    source.destroy();
    return;
  }
  // an error of either side ends both; the client has its answer (or a cut connection) by then
  pipeline(source, res, () => undefined);
}
