export { loadNotifierConfig as loadConfig, type NotifierConfig } from './config';
export { startNotifier as start } from './notifier';
