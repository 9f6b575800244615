export { ProtectedRoute as default } from '@client/features/auth/protected-route';

/**
 * The signed-in pages show once their loader has the session and their code (app/guards.tsx); the banners
 * above them wait as long (lib/router-navigation.tsx), so that the prerendered shell is not pushed down.
 */
export const handle = { pagesAfterLoader: true };
