/**
 * The console's one door from app/router.tsx (a route's `lazy`): the dynamic import is here, not there,
 * so the first download's preload list names this small module only, not every chunk the console needs.
 */
export const lazyConsole = () => import('./routes').then((m) => ({ Component: m.AdminConsole }));
