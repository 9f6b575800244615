export { AuthPage as default } from '@client/features/auth/auth-page';
