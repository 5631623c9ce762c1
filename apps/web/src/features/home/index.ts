export { HomePage } from './HomePage';
export { PLAN_TEASERS, type PlanTeaser } from './plans';
