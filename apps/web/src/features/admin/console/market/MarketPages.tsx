/** Market reports in the console (issue 16): development projects, cost assumptions, statistics loaded. */
export { DevelopmentsPage } from './DevelopmentsPage';
export { AssumptionsPage } from './AssumptionsPage';
export { DatasetsPage } from './DatasetsPage';
