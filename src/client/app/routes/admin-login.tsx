export { AdminLoginPage as default } from '@client/features/admin/admin-login-page';
