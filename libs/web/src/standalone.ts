// A separate entry: only a remote's own development app needs it, never the product's pages.
export { StandaloneScreens, type StandaloneScreen } from './standalone-screens';
