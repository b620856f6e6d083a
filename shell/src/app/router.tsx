import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths } from '../config/paths';
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

/** The spec's route table; screens owned by a remote are loaded from it at run time. */
export function AppRoutes() {
  const [location] = useLocation();
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
          <Route path={paths.submitVehicle}>
            <RemoteScreen remote="mfe_seller" screen="SubmitVehicleScreen" />
          </Route>
          <Route path={paths.sellerLogin}>
            <RemoteScreen remote="mfe_seller" screen="SellerLoginScreen" />
          </Route>
          <Route path={paths.sellerDashboard}>
            <RemoteScreen remote="mfe_seller" screen="SellerDashboardScreen" />
          </Route>
          <Route path={paths.dealerLogin}>
            <RemoteScreen remote="mfe_dealer" screen="DealerLoginScreen" />
          </Route>
          <Route path={paths.dealerRegister}>
            <RemoteScreen remote="mfe_dealer" screen="DealerRegisterScreen" />
          </Route>
          <Route path={paths.dealerForgotPassword}>
            <RemoteScreen remote="mfe_dealer" screen="DealerForgotPasswordScreen" />
          </Route>
          <Route path={paths.dealerDashboard}>
            <RemoteScreen remote="mfe_dealer" screen="DealerDashboardScreen" />
          </Route>
          <Route path={paths.vehicleDetail}>
            <RemoteScreen remote="mfe_dealer" screen="VehicleDetailScreen" />
          </Route>
          <Route path={paths.adminLogin}>
            <RemoteScreen remote="mfe_admin" screen="AdminLoginScreen" />
          </Route>
          <Route path={paths.adminDashboard}>
            <RemoteScreen remote="mfe_admin" screen="AdminDashboardScreen" />
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </LoadErrorBoundary>
  );
}
