// What the layout may use of the auth feature; its pages are reached through the router. Only the
// account menus import it, and they load on demand: keep it to what they need.
export { useLogout } from './api/logout';
