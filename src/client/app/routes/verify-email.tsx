export { VerifyEmailPage as default } from '@client/features/auth/verify-email-page';
