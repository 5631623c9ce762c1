import type { api as pagesApi } from './generated';
import { api } from './generated-shell';

/**
 * The RTK Query slice as the store holds it. There is one api: the shell's endpoints are injected up
 * front (generated-shell.ts), the pages' when they load (endpoints.ts), into the same cache; the store's
 * reducer, middleware and state are typed with all of them. A type-only import of `generated.ts`: the
 * first download does not carry it.
 */
export const storeApi = api as unknown as Pick<typeof pagesApi, 'reducerPath' | 'reducer' | 'middleware'>;
