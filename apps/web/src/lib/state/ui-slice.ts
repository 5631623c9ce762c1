import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  /** Global loading overlay: shown while the counter is above zero. */
  loadingCount: number;
  /** Browser connectivity (navigator.onLine plus online/offline events). */
  online: boolean;
}

export function initialOnline(): boolean {
  return typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine;
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ loadingCount: 0, online: initialOnline() }),
  reducers: {
    loadingStarted(state) {
      state.loadingCount += 1;
    },
    loadingFinished(state) {
      state.loadingCount = Math.max(0, state.loadingCount - 1);
    },
    onlineStatusChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
});

export const { loadingStarted, loadingFinished, onlineStatusChanged } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
