import type { ReactNode } from 'react';

/**
 * The parts of a prerendered marketing page that run script (design.md section 8): each is hydrated on
 * its own, when it is needed (islands.tsx says when), so a visitor who only reads loads no React.
 * A name here is what the prerendered HTML carries in data-island; <Island> checks the component it
 * renders is the one this loads, so the two cannot drift apart.
 */
export const ISLANDS = {
  header: () => import('@client/components/layout/header').then((m) => m.Header),
  sessionBanners: () => import('@client/components/layout/session-banners').then((m) => m.SessionBanners),
  newsletter: () => import('@client/features/marketing/newsletter-form').then((m) => m.NewsletterForm),
  authPage: () => import('@client/features/auth/auth-page').then((m) => m.AuthPage),
} satisfies Record<string, () => Promise<(props: never) => ReactNode>>;

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>;

/**
 * When an island hydrates (any of its list):
 * - 'load': at once;
 * - 'query': at once when the page's address has a query (?tab=register), which the prerendered HTML
 *   could not know;
 * - 'visible': when it comes near the screen;
 * - 'stale': when the API's answer differs from what the HTML was built with, in the fields the HTML
 *   names (whether Sign in with Microsoft is set up here, which a build cannot know);
 * - 'interaction': when the visitor points at, touches, focuses or types in it (a click or a tap made
 *   before it is ready is replayed once it is, and what was typed is kept);
 * - 'session': at once for a signed-in visitor (their header, their banners), never for others.
 */
export type HydrateWhen = 'load' | 'query' | 'visible' | 'stale' | 'interaction' | 'session';
