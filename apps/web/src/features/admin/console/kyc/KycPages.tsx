/** Identity verification (KYC) review in the console (issue 15): the queue and the review page. */
export { KycQueuePage } from './KycQueuePage';
export { KycReviewPage } from './KycReviewPage';
