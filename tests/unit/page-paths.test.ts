import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, pageKey, pagePatterns, paths } from '../../src/shared/paths';

// The server answers 404 where the client's router shows its not-found page (src/server/app.ts): both
// must judge a path alike.

const pages = [
  '/',
  '/pricing',
  '/auth',
  '/account',
  '/subscribe',
  '/subscribe/pro',
  '/subscribe/success',
  '/practice',
  '/practice/join',
  '/newsletter/unsubscribe',
  '/admin',
  '/admin/practices',
  // As React Router matches: any letter case, trailing slashes, %-escapes decoded.
  '/PRICING',
  '/pricing/',
  '/pricing//',
  '/subscribe//',
  '/pric%69ng',
  '/subscribe/a%20plan',
  '/subscribe/a%2Fb',
  '/SUBSCRIBE/SUCCESS/',
  '/Subscribe/PRO',
];
const notPages = [
  '/pricing2',
  '/pricing/x',
  '/subscribe/pro/x',
  '/admin/x',
  '/practice/invitations',
  '/no-such-page',
  // The OpenID Provider's pages are the server's own, not the router's.
  '/oidc',
  '/%E0%A4%A',
];

describe('isPagePath', () => {
  it.each(pages)('%s is a page', (path) => expect(isPagePath(path)).toBe(true));
  it.each(notPages)('%s is no page', (path) => expect(isPagePath(path)).toBe(false));

  it("agrees with React Router's matching on every one", () => {
    // matchRoutes decodes the path as the router does before matching it.
    const routes = pagePatterns.map((path) => ({ path }));
    const routerMatches = (path: string) => matchRoutes(routes, path) !== null;
    for (const path of [...pages, ...notPages]) expect(isPagePath(path), path).toBe(routerMatches(path));
  });

  it('knows every page in paths, nested ones and those with parameters included', () => {
    expect(pagePatterns).toEqual(
      expect.arrayContaining([
        paths.home.path,
        paths.practice.join.path,
        paths.subscribe.plan.path,
        paths.admin.practices.path,
      ]),
    );
    expect(pagePatterns).not.toContain(paths.oidc.path);
  });
});

// The server finds a page's own HTML by this key (src/server/client-pages.ts): each spelling of a path must
// find the HTML of the page the router then shows, and only that.
describe('pageKey', () => {
  const routes = pagePatterns.map((path) => ({ path }));
  const shown = (path: string) => {
    const match = matchRoutes(routes, path)?.[0];
    return match && { route: match.route.path, params: match.params };
  };

  it.each([
    ['/PRICING', '/pricing'],
    ['/pric%69ng//', '/pricing'],
    ['/', '/'],
    ['/Subscribe/pro/', '/subscribe/pro'],
    ['/subscribe/PRO', '/subscribe/PRO'],
    ['/SUBSCRIBE/SUCCESS', '/subscribe/success'],
    ['/admin/Users/A%2Fb', '/admin/users/A%2Fb'],
  ])('%s is %s', (path, key) => expect(pageKey(path)).toBe(key));

  it('names the page the router shows, with the same parameters, for every page path', () => {
    for (const path of pages) expect(shown(pageKey(path) ?? ''), path).toEqual(shown(path));
  });

  it('is undefined for a path that is no page', () => {
    for (const path of notPages) expect(pageKey(path), path).toBeUndefined();
  });
});
