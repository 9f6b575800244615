export { AdminShell as default } from '@client/features/admin/admin-shell';
