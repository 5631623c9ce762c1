/**
 * The API of the pages: every generated endpoint (`generated.ts`) with the app's precise cache tags
 * (`tags.ts`, `messaging.ts`, `notifications.ts`). The app shell has only the endpoints it calls before any page has loaded
 * (`generated-shell.ts`); this module comes with the first page (app/router.tsx loads it beside every
 * page module, layouts/MemberNav.tsx imports it), so the tags are in place before any page calls the API.
 * Import it for its side effect.
 */
import './generated';
import './tags';
import './messaging';
import './notifications';
