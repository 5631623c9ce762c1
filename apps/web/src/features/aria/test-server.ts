import type { AriaListingCard, AriaStreamEvent } from '@app/domain';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { serveSession, storeSession } from '@/test/render';
import type { AriaConversationSummary, AriaUsage } from './aria-api';

/** A member signed in (Free unless said). */
export function signIn(plan: 'free' | 'basic' = 'free') {
  const user = makeUser({ _id: 'u_aria', subscription: { plan, status: 'active', billingPeriod: plan === 'free' ? 'free' : 'monthly' } });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

export function makeCard(overrides: Partial<AriaListingCard> = {}): AriaListingCard {
  return {
    id: 'l_1',
    code: 'TH-0001',
    name: '2BR condo unit in Bel-Air, Makati',
    offer: 'rent',
    kind: 'condominium',
    type: 'residential',
    price: 55000,
    currency: 'PHP',
    floorArea: 68,
    lotArea: null,
    bedrooms: 2,
    bathrooms: 1,
    pricePerSqm: 808.82,
    barangayCode: '1380300001',
    barangayName: 'Bel-Air',
    cityName: 'Makati',
    imageUrl: null,
    verified: true,
    url: '/listings/l_1',
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<AriaUsage> = {}): AriaUsage {
  return {
    plan: 'free',
    messagesToday: 3,
    limitPerDay: 10,
    remainingToday: 7,
    provider: { id: 'builtin', label: 'ARIA built-in assistant' },
    builtin: true,
    runCredits: { feasibility: 10, compare: 5 },
    creditBalance: 10,
    ...overrides,
  };
}

export function summary(overrides: Partial<AriaConversationSummary> = {}): AriaConversationSummary {
  return {
    id: 'c_1',
    userId: 'u_aria',
    kind: 'chat',
    title: 'Condos in Makati',
    provider: 'builtin',
    messageCount: 2,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    lastRun: null,
    ...overrides,
  };
}

const page = (items: AriaConversationSummary[]) => ({ items, pagination: { currentPage: 1, totalPages: 1, totalItems: items.length, itemsPerPage: 50 } });

/** A text/event-stream body sending `chunks` one after another (each may hold part of an event, or several). */
export function sseBody(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const c of chunks) {
        controller.enqueue(encoder.encode(c));
        await new Promise((r) => setTimeout(r, 5));
      }
      controller.close();
    },
  });
}
export const frame = (e: AriaStreamEvent) => `data: ${JSON.stringify(e)}\n\n`;

/** The ARIA routes a page asks for on opening: usage, history (none unless given). */
export function serveAria({ usage = makeUsage(), history = [] as AriaConversationSummary[] } = {}) {
  const calls = { streams: [] as unknown[], searches: [] as unknown[] };
  server.use(
    http.get('*/api/ai/chat/usage', () => HttpResponse.json(usage)),
    http.get('*/api/ai/history/my', () => HttpResponse.json(page(history))),
    http.post('*/api/ai/history/search', async ({ request }) => {
      const body = (await request.json()) as { query?: string };
      calls.searches.push(body);
      const q = (body.query ?? '').toLowerCase();
      return HttpResponse.json(page(history.filter((h) => h.title.toLowerCase().includes(q))));
    }),
  );
  return calls;
}
