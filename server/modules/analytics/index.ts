/**
 * Reports: the overview of what the owner's agents did in a period, the questions they
 * could not answer (and the owner's answers, which become knowledge), and the cost and usage of
 * the month. Cost is the recorded tokens at the price table (`pricing.ts`).
 */
export { callCostBrl, costBrlSql, modelPrices } from './pricing';
export { analyticsOverviewRoutes } from './overview.routes';
export { analyticsUsageRoutes } from './usage.routes';
export { eraseQuestionsOf } from './unanswered.repo';
export { unansweredRoutes } from './unanswered.routes';
export { recordUnanswered } from './unanswered.service';
