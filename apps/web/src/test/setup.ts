import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';
// The API of the pages (every endpoint with the app's cache tags): the app loads it beside every page
// (app/router.tsx); tests that render a page's components directly need it as well.
import '@/lib/api/endpoints';

// jsdom has no fetch: Node's (undici) Request is used and cannot parse a relative URL such as
// "/api/health". A browser resolves it against the page, so do the same here.
const NativeRequest = globalThis.Request;
class PageRelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).toString() : input, init);
  }
}
globalThis.Request = PageRelativeRequest as typeof Request;

// Multipart uploads: jsdom's FormData/File/Blob cannot be streamed by Node's Request (the body never
// completes). Use Node's own classes, as a browser's fetch would use its own.
const NodeFormData = (
  await new Response('a=b', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
).constructor as typeof FormData;
// React 19 builds `new FormData(form)` when a form is submitted during a pending transition (a router
// navigation); Node's FormData cannot read a jsdom form, so collect the fields with jsdom's own.
const JsdomFormData = globalThis.FormData;
class FormDataFromForm extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    new JsdomFormData(form, submitter ?? undefined).forEach((value, key) => {
      if (typeof value === 'string') this.append(key, value);
    });
  }
}
globalThis.FormData = FormDataFromForm as typeof FormData;
globalThis.File = NodeFile as unknown as typeof File;
globalThis.Blob = NodeBlob as unknown as typeof Blob;

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

// The app shell loads a member's header lazily, the search page its map (a visitor's first page
// does not download them). Load them once here, so a test's findBy waits for the app, not for the
// test runner transforming those modules on a busy machine.
await Promise.all([
  import('@/app/layouts/MemberNav'),
  import('@/features/listings/components/SearchResultsMap'),
]);
