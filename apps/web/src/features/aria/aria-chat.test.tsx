import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
import { frame, makeCard, makeUsage, serveAria, signIn, sseBody, summary } from './test-server';

const SLOW = { timeout: 10_000 };

describe('ARIA chat', () => {
  it('streams an answer: "Searching listings…" while the tool runs, then listing cards, the text and its sources', async () => {
    signIn();
    serveAria();
    const asked: unknown[] = [];
    let release: () => void = () => undefined;
    const toolDone = new Promise<void>((r) => (release = r));
    server.use(
      http.post('*/api/ai/chat/stream', async ({ request }) => {
        asked.push({ auth: request.headers.get('authorization'), body: await request.json() });
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            const send = (s: string) => controller.enqueue(encoder.encode(s));
            send(frame({ type: 'conversation', conversationId: 'c_new', title: '2 bedroom condo for rent in Makati', provider: 'builtin' }));
            send(frame({ type: 'tool_call', name: 'search_listings', arguments: { offer: 'rent', kinds: ['condominium'], maxPrice: 60000 } }));
            await toolDone;
            const result = frame({
              type: 'tool_result',
              trace: {
                name: 'search_listings',
                arguments: {},
                summary: '2 listings match; 2 shown',
                cards: [makeCard(), makeCard({ id: 'l_2', name: '2BR condo unit in Poblacion, Makati', price: 48000, verified: false, url: '/listings/l_2', barangayName: 'Poblacion' })],
              },
            });
            // one event cut in two chunks, then two text deltas in one chunk
            send(result.slice(0, 40));
            send(result.slice(40));
            send(frame({ type: 'text', delta: 'I found 2 condos for rent ' }) + frame({ type: 'text', delta: 'under ₱60,000 a month.' }));
            send(frame({ type: 'done', messageId: 'm_2', citations: [{ kind: 'listing', label: '2BR condo unit in Bel-Air, Makati', url: '/listings/l_1' }], remainingToday: 6 }));
            controller.close();
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
      http.get('*/api/ai/history/get/c_new', () => HttpResponse.json({ ...summary({ id: 'c_new' }), messages: [], runs: [] })),
    );
    const { user, router } = renderApp('/aria');
    expect(await screen.findByTestId('aria-messages-left', {}, SLOW)).toHaveTextContent('7 of 10 messages left today');
    expect(screen.getByTestId('aria-builtin-notice')).toHaveTextContent("I'm ARIA's built-in assistant");

    await user.type(screen.getByLabelText('Your question'), '2 bedroom condo for rent in Makati under 60k');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Searching listings…', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryAllByTestId('aria-listing-card')).toHaveLength(0);
    release();

    const cards = await screen.findAllByTestId('aria-listing-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: '2BR condo unit in Bel-Air, Makati' })).toHaveAttribute('href', '/listings/l_1');
    expect(first.getByTestId('aria-card-price')).toHaveTextContent(/^₱55,000\/month$/);
    expect(first.getByTestId('aria-card-facts')).toHaveTextContent('Condominium · 2 beds · 1 bath · 68 m²');
    expect(first.getByTestId('listing-price-per-sqm')).toHaveTextContent('₱809/m²/month');
    expect(first.getByText('Bel-Air, Makati')).toBeInTheDocument();
    expect(first.getByLabelText('Verified')).toBeInTheDocument();
    expect(within(cards[1]).queryByLabelText('Verified')).not.toBeInTheDocument();

    expect(await screen.findByText('I found 2 condos for rent under ₱60,000 a month.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Searching listings…')).not.toBeInTheDocument();
    const sources = screen.getByRole('navigation', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: '2BR condo unit in Bel-Air, Makati' })).toHaveAttribute('href', '/listings/l_1');
    await waitFor(() => expect(screen.getByTestId('aria-messages-left')).toHaveTextContent('6 of 10 messages left today'));

    expect(asked).toEqual([{ auth: 'Bearer tok', body: { message: '2 bedroom condo for rent in Makati under 60k' } }]);
    // the new conversation has its own address
    await waitFor(() => expect(router.state.location.pathname).toBe('/aria/c_new'));
    // the answer stayed on screen (not reloaded over the streamed one)
    expect(screen.getAllByTestId('aria-listing-card')).toHaveLength(2);
  });

  it("on the Free plan's 11th question today (402) shows the server's message and the Upgrade prompt", async () => {
    signIn();
    serveAria({ usage: makeUsage({ messagesToday: 10, remainingToday: 0 }) });
    server.use(
      http.post('*/api/ai/chat/stream', () =>
        HttpResponse.json(
          {
            statusCode: 402,
            error: 'Payment Required',
            message: 'You have used your 10 free ARIA messages today. Upgrade to Basic for unlimited chat, or come back tomorrow.',
            upgrade: { reason: 'plan', entitlement: 'aria.chat.unlimited', feature: 'Unlimited ARIA chat', requiredPlan: 'basic', currentPlan: 'free' },
          },
          { status: 402 },
        ),
      ),
    );
    const { user } = renderApp('/aria');
    expect(await screen.findByTestId('aria-messages-left', {}, SLOW)).toHaveTextContent('0 of 10 messages left today');
    await user.type(screen.getByLabelText('Your question'), 'condo in Cebu');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const refusal = await screen.findByTestId('aria-refusal', {}, SLOW);
    expect(refusal).toHaveTextContent('You have used your 10 free ARIA messages today.');
    const prompt = within(refusal).getByTestId('upgrade-prompt');
    expect(prompt).toHaveTextContent('Unlimited ARIA chat is part of the Basic plan and above');
    expect(within(prompt).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/plans?for=aria.chat.unlimited');
    // the question stays, no empty answer
    expect(screen.getByTestId('aria-question')).toHaveTextContent('condo in Cebu');
    expect(screen.queryByTestId('aria-answer')).not.toBeInTheDocument();
  });

  it('opens from the floating button on any page and shows the answer in the panel', async () => {
    signIn('basic');
    serveAria({ usage: makeUsage({ plan: 'basic', limitPerDay: null, remainingToday: null, builtin: false, provider: { id: 'openai-compatible:gpt', label: 'ARIA (gpt)' } }) });
    server.use(
      http.post('*/api/ai/chat/stream', () =>
        new HttpResponse(
          sseBody([frame({ type: 'conversation', conversationId: 'c_9', title: 'Taxes', provider: 'openai-compatible:gpt' }), frame({ type: 'text', delta: 'DST is 1.5%.' }), frame({ type: 'done', messageId: 'm', citations: [], remainingToday: null })]),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
      ),
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Ask ARIA' }, SLOW));
    const panel = await screen.findByRole('presentation', {}, SLOW);
    await user.type(await within(panel).findByLabelText('Your question', {}, SLOW), 'What taxes do I pay?');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('DST is 1.5%.', {}, SLOW)).toBeInTheDocument();
    // Basic: unlimited, no counter; not the built-in assistant: no notice
    expect(within(panel).queryByTestId('aria-messages-left')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('aria-builtin-notice')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Full page' })).toHaveAttribute('href', '/aria/c_9');
  });
});
