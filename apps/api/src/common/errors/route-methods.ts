import { match, type MatchFunction } from 'path-to-regexp';

const CATCH_ALL_METHOD_COUNT = 20;

interface RouteEntry {
  matches: MatchFunction<object>;
  methods: Set<string>;
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * Knows which HTTP methods each registered route path answers, so that a known path called with
 * the wrong method can be answered 405 with an Allow header instead of 404.
 */
export class RouteMethodIndex {
  private entries: RouteEntry[] | null = null;

  constructor(private readonly readStack: () => ExpressLayer[]) {}

  allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const entry of this.load()) {
      if (entry.matches(path)) entry.methods.forEach((m) => allowed.add(m));
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  }

  private load(): RouteEntry[] {
    if (this.entries) return this.entries;
    const byPath = new Map<string, Set<string>>();
    for (const layer of this.readStack()) {
      if (!layer.route) continue;
      // Catch-alls registered for every method (Nest's own prefix handlers) say nothing about a path.
      if (Object.keys(layer.route.methods).length >= CATCH_ALL_METHOD_COUNT) continue;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        const set = byPath.get(p) ?? new Set<string>();
        Object.keys(layer.route.methods)
          .filter((m) => m !== '_all')
          .forEach((m) => set.add(m.toUpperCase()));
        byPath.set(p, set);
      }
    }
    this.entries = [...byPath].map(([p, methods]) => ({ matches: match(p, { decode: false }), methods }));
    return this.entries;
  }
}
