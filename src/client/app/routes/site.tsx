import { PublicLayout } from '@client/components/layout/public-layout';
import { PageError } from '@client/components/layout/route-error';

// The site's pages: its header and footer around each, kept on screen if a page fails.
export default PublicLayout;
export const ErrorBoundary = PageError;
