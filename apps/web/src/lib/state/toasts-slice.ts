import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 9: a toast is visible 3000 ms, then fades out over 220 ms, then is removed. */
export const TOAST_VISIBLE_MS = 3000;
export const TOAST_FADE_MS = 220;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** True once the toast has started fading out. */
  leaving: boolean;
}

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
}

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(input: ToastInput) {
        return { payload: { id: nanoid(), leaving: false, ...input } };
      },
    },
    toastLeaving(state, action: PayloadAction<string>) {
      const toast = state.items.find((t) => t.id === action.payload);
      if (toast) toast.leaving = true;
    },
    toastRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastAdded, toastLeaving, toastRemoved } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

/** Shorthands: `dispatch(toast.success('Saved', 'Your profile was updated'))`. */
export const toast = {
  success: (title: string, message?: string) => toastAdded({ type: 'success', title, message }),
  error: (title: string, message?: string) => toastAdded({ type: 'error', title, message }),
  info: (title: string, message?: string) => toastAdded({ type: 'info', title, message }),
  warning: (title: string, message?: string) => toastAdded({ type: 'warning', title, message }),
};
