export { NotificationsPage } from './NotificationsPage';
export { NotificationSettings } from './components/NotificationSettings';
