// What other features may use of the pricing feature; its page is reached through the router.
export { PlanGrid } from './plan-grid';
