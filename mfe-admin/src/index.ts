// An async boundary: Module Federation negotiates the shared libraries before the app's code runs.
import('./bootstrap');
