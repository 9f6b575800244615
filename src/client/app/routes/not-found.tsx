export { NotFoundPage as default } from '@client/features/marketing/not-found-page';
