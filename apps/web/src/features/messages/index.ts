export { MessagesPage } from './routes/MessagesPage';
export * from './shell';
