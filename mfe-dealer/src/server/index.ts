// The screens of this remote that the gateway renders on the server (shell/src/server), as the
// shell would load them from the remote in the browser.
import * as DealerDashboardScreen from '../exposes/dealer-dashboard-screen';

export const dealerScreens = { DealerDashboardScreen };
