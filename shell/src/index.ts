// An async boundary: Module Federation negotiates the shared libraries before the app's code runs.
import('./bootstrap');
// Meanwhile a remote's route starts loading its screen, instead of after the shell has rendered.
import('./features/remotes/preload-route-remote')
  .then(({ preloadRouteRemote }) => preloadRouteRemote(window.location.pathname))
  .catch(() => undefined);
