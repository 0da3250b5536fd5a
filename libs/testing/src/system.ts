// The process tooling alone (what `npm start` needs), without the test harness's heavier parts
// (SMTP capture, HTTPS receiver, containers): the launcher stays small.
export * from './system/running-system';
export * from './system/service-process';
