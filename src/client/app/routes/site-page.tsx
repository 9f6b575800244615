import { type ClientLoaderFunctionArgs, redirectDocument } from 'react-router';

// A marketing page is Astro's document (src/site: docs/decisions/080-marketing-pages-on-astro.md), not the
// app's page: the app's navigation loads it (lib/router-navigation.tsx), and a link or redirect that reaches
// the router instead is sent on with React Router's document redirect.
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirectDocument(url.pathname + url.search);
}

export default function SitePage() {
  return null;
}
