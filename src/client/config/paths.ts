// Every page's address is defined in src/shared/paths.ts, since the server must know the pages too (it
// answers 404 for any other path); the client keeps importing them from here.
export {
  ACCOUNT_TABS,
  type AccountTab,
  isServerPage,
  isSitePage,
  isWithin,
  LOCAL_PATH,
  MANAGE_SUBSCRIPTION_ID,
  paths,
} from '@shared/paths';
