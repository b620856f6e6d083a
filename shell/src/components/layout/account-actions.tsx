import { Link } from 'wouter';
import { Button, cn } from '@cardirect/ui';
import { dashboardPaths, useAuthStore, paths } from '@cardirect/web';

const textLinkClasses =
  'rounded-md px-3 py-2 font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500';

/** Logged out: Dealer Login and Submit Your Car. Logged in: the role's Dashboard and Logout. */
export function AccountActions({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const role = useAuthStore((state) => state.role);
  const email = useAuthStore((state) => state.email);
  const logout = useAuthStore((state) => state.logout);

  if (email) {
    return (
      <div className={cn('flex items-center gap-2', className)}>
        <Link href={dashboardPaths[role]} className={textLinkClasses} onClick={onNavigate}>
          Dashboard
        </Link>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            onNavigate?.();
            void logout();
          }}
        >
          Logout
        </Button>
      </div>
    );
  }
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Link href={paths.dealerLogin} className={textLinkClasses} onClick={onNavigate}>
        Dealer Login
      </Link>
      <Button asChild size="sm">
        <Link href={paths.submitVehicle} onClick={onNavigate}>
          Submit Your Car
        </Link>
      </Button>
    </div>
  );
}
