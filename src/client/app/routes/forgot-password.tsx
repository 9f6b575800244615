export { ForgotPasswordPage as default } from '@client/features/auth/forgot-password-page';
