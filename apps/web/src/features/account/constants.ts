/** Avatar uploads: images only, at most 2 MB (the spec's separate 2 MB limit). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'The image must be 2 MB or smaller.';
export const AVATAR_NOT_IMAGE = 'Please choose an image file.';

export function checkAvatarFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_NOT_IMAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}

export type VisibilityField = 'isVisible' | 'receiveMonthlyUpdates' | 'seeProfileViewers';

export const PREFERENCE_LABELS: Record<VisibilityField, { label: string; description: string }> = {
  receiveMonthlyUpdates: {
    label: 'Receive monthly product updates',
    description: 'A short monthly email about new features and market news.',
  },
  seeProfileViewers: {
    label: 'See info about people who view my profile',
    description: 'Show me who looked at my profile and listings.',
  },
  isVisible: {
    label: 'Profile visibility',
    description: 'Let other members see my profile.',
  },
};
