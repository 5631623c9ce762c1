import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import Fab from '@mui/material/Fab';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { ariaLaunchStore } from './launch';

// the panel (chat, cards, streaming) loads the first time it opens
const AriaPanel = lazy(() => import('./AriaPanel'));

/**
 * The floating "Ask ARIA" button on every page of a signed-in member, and the ARIA panel it opens (also
 * opened by openAria() from a listing's actions). Not shown on the ARIA page itself.
 */
export function AriaLauncher() {
  const { pathname } = useLocation();
  const launch = useSyncExternalStore(ariaLaunchStore.subscribe, ariaLaunchStore.current);
  const [openedHere, setOpenedHere] = useState(false);
  // an openAria() newer than the last close opens the panel
  const [closedAt, setClosedAt] = useState(0);
  const open = openedHere || (!!launch && launch.seq > closedAt);
  // once opened, the panel stays mounted (its conversation kept while closed)
  const [kept, setKept] = useState(false);
  const close = () => {
    setOpenedHere(false);
    setClosedAt(launch?.seq ?? 0);
    setKept(true);
  };
  const onAriaPage = pathname === '/aria' || pathname.startsWith('/aria/');
  return (
    <>
      {!onAriaPage && !open && (
        <Fab
          color="primary"
          variant="extended"
          aria-label="Ask ARIA"
          onClick={() => setOpenedHere(true)}
          sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 }, zIndex: (t) => t.zIndex.speedDial }}
          data-testid="aria-launcher"
        >
          <SmartToyOutlinedIcon sx={{ mr: 1 }} />
          ARIA
        </Fab>
      )}
      {(open || kept) && (
        <Suspense fallback={null}>
          <AriaPanel open={open && !onAriaPage} onClose={close} launch={launch} />
        </Suspense>
      )}
    </>
  );
}
