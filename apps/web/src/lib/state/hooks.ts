import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './root-reducer';
import { loadingFinished, loadingStarted } from './ui-slice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectAuth = (state: RootState) => state.auth;
export const selectCurrentUser = (state: RootState) => state.auth.user;
export const selectIsLoggedIn = (state: RootState) => Boolean(state.auth.token);

/** Shows the global "Please wait..." overlay while `active` is true. */
export function useGlobalLoading(active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return;
    dispatch(loadingStarted());
    return () => {
      dispatch(loadingFinished());
    };
  }, [active, dispatch]);
}
