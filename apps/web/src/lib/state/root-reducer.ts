import { combineReducers, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { storeApi } from '../api/store-api';
import { authReducer } from './auth-slice';
import { toastsReducer } from './toasts-slice';
import { uiReducer } from './ui-slice';

export const rootReducer = combineReducers({
  [storeApi.reducerPath]: storeApi.reducer,
  auth: authReducer,
  toasts: toastsReducer,
  ui: uiReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
