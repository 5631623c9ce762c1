/** Shared form rules (spec section 5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = 'at least 8 characters';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9\s()-]{6,19}$/;

export const emailRules = {
  required: 'Email is required',
  pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address' },
} as const;

export const newPasswordRules = {
  required: 'Password is required',
  minLength: { value: PASSWORD_MIN_LENGTH, message: `Password must be ${PASSWORD_HINT}` },
} as const;

export const phoneRules = {
  pattern: { value: PHONE_PATTERN, message: 'Enter a valid phone number, e.g. +63 917 123 4567' },
} as const;
