// What other features may use of the pricing feature; its page is reached through the router.

export { usePlans } from './api/get-plans';
export { INTERVAL_GROUP, IntervalSwitch } from './interval-switch';
