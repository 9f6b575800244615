export { JoinPracticePage as default } from '@client/features/practice/join-page';
