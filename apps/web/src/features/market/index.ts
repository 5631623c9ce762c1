/** The market reports' pages (issue 16): the picker, one page per report, and the comparison, under /market/*. */
export { MarketRoutes } from './MarketRoutes';
export { MarketPage } from './MarketPage';
export { ReportPage } from './ReportPage';
export { ComparePage } from './ComparePage';
