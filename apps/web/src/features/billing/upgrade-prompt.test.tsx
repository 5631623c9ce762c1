import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UpgradeRequired } from '@/lib/api/billing';
import { UpgradePrompt, UpgradePromptForError, lockedText, upgradeOf } from './UpgradePrompt';

function show(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

/** A 402 as RTK Query reports it. */
function paymentRequired(upgrade: UpgradeRequired) {
  return { status: 402, data: { statusCode: 402, message: 'Upgrade required', error: 'Payment Required', upgrade } };
}

const PLAN_402: UpgradeRequired = {
  reason: 'plan',
  entitlement: 'research.comparison',
  feature: 'Research and comparison',
  requiredPlan: 'basic',
  currentPlan: 'free',
};

describe('UpgradePrompt', () => {
  it("a 402's plan reason: the feature, the plan that unlocks it, the member's plan and Upgrade to /plans", () => {
    show(<UpgradePrompt upgrade={PLAN_402} />);
    const prompt = screen.getByTestId('upgrade-prompt');
    expect(prompt).toHaveTextContent('Research and comparison is part of the Basic plan and above');
    expect(prompt).toHaveTextContent('You are on the Free plan.');
    expect(within(prompt).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/plans?for=research.comparison');
  });

  it('an entitlement alone: the plan comes from the plan table; a plural feature reads "are"', () => {
    show(<UpgradePrompt entitlement="reports.tier3" />);
    expect(screen.getByTestId('upgrade-prompt')).toHaveTextContent('Tier 3 market reports are part of the Premium plan and above');
  });

  it('an Enterprise feature offers Contact sales', () => {
    show(<UpgradePrompt entitlement="enterprise.team" />);
    const prompt = screen.getByTestId('upgrade-prompt');
    expect(prompt).toHaveTextContent('Team management is part of the Enterprise plan');
    expect(prompt).not.toHaveTextContent('and above');
    expect(within(prompt).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('the credits reason: what is needed and left, Buy credits and See plans', () => {
    show(<UpgradePrompt upgrade={{ reason: 'credits', needed: 25, remaining: 3 }} />);
    const prompt = screen.getByTestId('upgrade-prompt');
    expect(prompt).toHaveTextContent('Not enough AI credits');
    expect(prompt).toHaveTextContent('This needs 25 AI credits; you have 3.');
    expect(within(prompt).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits#packs');
    expect(within(prompt).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  it('turns an RTK Query 402 error into the prompt, and nothing for other errors', () => {
    expect(upgradeOf(paymentRequired(PLAN_402))).toEqual(PLAN_402);
    expect(upgradeOf({ status: 403, data: { statusCode: 403, message: 'Forbidden' } })).toBeNull();
    expect(upgradeOf({ status: 402, data: { statusCode: 402, message: 'Pay' } })).toBeNull();
    expect(upgradeOf(new Error('x'))).toBeNull();

    const { rerender } = show(<UpgradePromptForError error={paymentRequired({ reason: 'credits', needed: 10, remaining: 0 })} />);
    expect(screen.getByTestId('upgrade-prompt')).toHaveTextContent('This needs 10 AI credits; you have 0.');
    rerender(
      <MemoryRouter>
        <UpgradePromptForError error={{ status: 500, data: null }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('upgrade-prompt')).not.toBeInTheDocument();
  });

  it('lockedText', () => {
    expect(lockedText('Property teasers', 'basic')).toBe('Property teasers are part of the Basic plan and above');
    expect(lockedText('Unlimited ARIA chat', 'basic')).toBe('Unlimited ARIA chat is part of the Basic plan and above');
  });
});
