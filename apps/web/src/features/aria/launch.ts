/**
 * Opening the ARIA panel from anywhere (the floating button, a listing's "Ask ARIA" actions): a tiny
 * store the launcher in the header subscribes to. Kept apart from the panel so callers do not load it.
 */
export interface AriaLaunch {
  /** A question to ask at once. */
  question?: string;
  /** Increases with every request, so the same question asked twice opens twice. */
  seq: number;
}

let current: AriaLaunch | null = null;
let seq = 0;
const listeners = new Set<() => void>();

/** Opens the ARIA panel, optionally asking `question`. */
export function openAria(question?: string): void {
  seq += 1;
  current = { question, seq };
  for (const l of listeners) l();
}

export const ariaLaunchStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  current: (): AriaLaunch | null => current,
};
