export { SettingsPage } from './SettingsPage';
export { AVATAR_MAX_BYTES, checkAvatarFile } from './constants';
