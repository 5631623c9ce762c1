/** PRC licence review in the console (issue 15): the queue and the review page. */
export { LicencesPage } from './LicenceQueuePage';
export { LicenceReviewPage } from './LicenceReviewPage';
