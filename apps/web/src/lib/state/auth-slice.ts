import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../api/generated-shell';
import type { User } from '../api/types';
import { AUTH_STORAGE_KEY, readStorage, removeStorage, writeStorage } from '../storage';

/** The stored login record (localStorage key `auth`): exactly `{ token, user }`. */
export interface AuthState {
  token: string | null;
  user: User | null;
}

const emptySession: AuthState = { token: null, user: null };

export function loadStoredSession(): AuthState {
  const raw = readStorage(AUTH_STORAGE_KEY);
  if (!raw) return emptySession;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthState> | null;
    const token = typeof parsed?.token === 'string' && parsed.token ? parsed.token : null;
    if (!token) return emptySession;
    const user = parsed?.user && typeof parsed.user === 'object' ? (parsed.user as User) : null;
    return { token, user };
  } catch {
    return emptySession;
  }
}

export function persistSession(state: AuthState): void {
  if (state.token) {
    writeStorage(AUTH_STORAGE_KEY, JSON.stringify({ token: state.token, user: state.user }));
  } else {
    removeStorage(AUTH_STORAGE_KEY);
  }
}

/** Calls whose answer is the signed-in user's own, updated record. */
const ownUserAnswered = isAnyOf(
  api.endpoints.updateUser.matchFulfilled,
  api.endpoints.updateUserVisibility.matchFulfilled,
  api.endpoints.uploadUserAvatar.matchFulfilled,
);

const authSlice = createSlice({
  name: 'auth',
  initialState: emptySession,
  reducers: {
    /** After login or sign-up. */
    sessionStarted(_state, action: PayloadAction<{ token: string; user: User }>) {
      return { token: action.payload.token, user: action.payload.user };
    },
    /** A token without a user (social sign-in callback): the user is fetched next. */
    tokenReceived(_state, action: PayloadAction<string>) {
      return { token: action.payload, user: null };
    },
    userLoaded(state, action: PayloadAction<User>) {
      if (state.token) state.user = action.payload;
    },
    /** AI credits remaining changed locally (kept in the stored session as well). */
    creditsUpdated(state, action: PayloadAction<number>) {
      if (state.user) {
        state.user.credits = { ...state.user.credits, remaining: action.payload };
      }
    },
    loggedOut() {
      return emptySession;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(api.endpoints.getCurrentUser.matchFulfilled, (state, action) => {
        if (state.token) state.user = action.payload;
      })
      .addMatcher(ownUserAnswered, (state, action) => {
        if (state.token && state.user && action.payload?._id === state.user._id) {
          state.user = action.payload;
        }
      });
  },
});

export const { sessionStarted, tokenReceived, userLoaded, creditsUpdated, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
