// What other features may use of the pricing feature; its page is reached through the router.
export { PlanGridIsland } from './plan-grid-island';
