export { ResetPasswordPage as default } from '@client/features/auth/reset-password-page';
