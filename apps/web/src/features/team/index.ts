export { TeamPage } from './TeamPage';
export { JoinTeamPage } from './JoinTeamPage';
