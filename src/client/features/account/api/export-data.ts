/**
 * GET /api/user/export: everything held about the user, as a JSON file. A GET that the browser
 * downloads itself, so it is a link, not a fetch.
 */
export const EXPORT_DATA_URL = '/api/user/export';
