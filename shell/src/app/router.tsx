import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths, useAuthStore } from '@cardirect/web';
import { forgetEarlyRequests } from '@cardirect/web/early';
import { forgetPageLoadScreen } from '../features/remotes/page-load-screen';
import { isAdminSession, remoteRoutes, vehicleDetailScreen } from '../features/remotes/remote-routes';
import { RemoteScreen } from '../features/remotes/remote-screen';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { PageLoading } from '../components/page-loading';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

// The landing page ships with the shell; every other shell page is fetched when first visited.
const AboutUsRoute = lazy(() => import('./routes/about-us'));
const CarBuyersRoute = lazy(() => import('./routes/car-buyers'));
const CareersRoute = lazy(() => import('./routes/careers'));
const PressRoute = lazy(() => import('./routes/press'));
const PrivacyRoute = lazy(() => import('./routes/privacy'));
const TermsRoute = lazy(() => import('./routes/terms'));

/** The admin's or the dealer's vehicle page, by the role this browser is logged in as. */
function VehicleDetailRoute() {
  const isAdmin = useAuthStore((state) => isAdminSession(state.role, state.email));
  const { remote, screen } = vehicleDetailScreen(isAdmin);
  return <RemoteScreen remote={remote} screen={screen} />;
}

/** The spec's route table; screens owned by a remote are loaded from it at run time. */
export function AppRoutes() {
  const [location] = useLocation();
  const pageLoadLocation = useRef(location);
  // What was loaded for the page load's screen is not for the next one: its calls may be out of
  // date (a login in between, say), and its remote may have been deployed anew since.
  useEffect(() => {
    if (location === pageLoadLocation.current) return;
    forgetEarlyRequests();
    forgetPageLoadScreen();
  }, [location]);
  return (
    // A shell page whose chunk cannot be fetched (offline, or replaced by a new deployment) is
    // fetched again by reloading the document; remote screens have their own boundary.
    <LoadErrorBoundary resetKey={location} onRetry={() => window.location.reload()}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={paths.home} component={LandingRoute} />
          <Route path={paths.aboutUs} component={AboutUsRoute} />
          <Route path={paths.carBuyers} component={CarBuyersRoute} />
          <Route path={paths.careers} component={CareersRoute} />
          <Route path={paths.press} component={PressRoute} />
          <Route path={paths.privacy} component={PrivacyRoute} />
          <Route path={paths.terms} component={TermsRoute} />
          {remoteRoutes.map(({ path, remote, screen }) => (
            <Route key={path} path={path}>
              <RemoteScreen remote={remote} screen={screen} />
            </Route>
          ))}
          <Route path={paths.vehicleDetail} component={VehicleDetailRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </LoadErrorBoundary>
  );
}
