// A separate entry so the shell can mount the toast region after the first paint.
export { Toaster } from './components/toast/toaster';
