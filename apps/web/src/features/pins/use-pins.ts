import { useDeleteUserSavedItemMutation, useGetUserSavedItemsQuery, useSaveUserItemMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { savedItemArgs } from '@/lib/api/listings';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import type { SaveUserItemApiArg } from '@/lib/api/generated';
import { pinArgs, type Pin } from './pins';

/**
 * The signed-in member's saved items (the one cached list the Saved page, the dashboard and every pin
 * button share: POST /user/get/save/items, type all), and pin / unpin.
 */
export function usePins() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const { data, error, isLoading, isFetching } = useGetUserSavedItemsQuery(savedItemArgs.list(user?._id ?? '', 'all'), { skip: !user });
  const [save, saveState] = useSaveUserItemMutation();
  const [remove, removeState] = useDeleteUserSavedItemMutation();

  const pin = async (arg: SaveUserItemApiArg, name: string) => {
    try {
      await save(arg).unwrap();
      dispatch(toast.success('Pinned to your dashboard', name));
      return true;
    } catch (e) {
      dispatch(toast.error('Could not pin it', errorMessage(e)));
      return false;
    }
  };

  const unpin = async (item: Pin, name: string) => {
    if (!user) return false;
    try {
      await remove(pinArgs.unpin(user._id, item)).unwrap();
      dispatch(toast.info('Unpinned', name));
      return true;
    } catch (e) {
      dispatch(toast.error('Could not unpin it', errorMessage(e)));
      return false;
    }
  };

  return {
    user,
    items: data?.items ?? [],
    ready: !!data,
    error,
    isLoading,
    /** A pin or unpin is on its way, or the list is being asked for again after one. */
    busy: saveState.isLoading || removeState.isLoading || isFetching,
    pin,
    unpin,
  };
}
