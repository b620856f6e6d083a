import { useLocation } from 'wouter';
import { Button, toast } from '@cardirect/ui';
import { errorMessageOf, fieldErrorsOf, pathAfterLogin, paths, useNextParam } from '@cardirect/web';
import { useSignInWithLink } from '../api/sign-in-with-link';

const linkNoLongerWorks = 'This sign-in link has expired or was already used. Request a new code.';

/**
 * The step a code e-mail's sign-in link opens. Opening the page signs nobody in (a mail scanner
 * may fetch the link); the seller's press of 'Sign in' does.
 */
export function SignInWithLink({ token, onFailed }: { token: string; onFailed: () => void }) {
  const [, navigate] = useLocation();
  const next = useNextParam();
  const signIn = useSignInWithLink();

  const signInNow = () =>
    signIn.mutate(
      { token },
      {
        onSuccess: (user) => {
          toast({ title: 'Login Successful', description: 'You are now logged in.' });
          // A sign-in link is followed to see the offers: without a page asked for, the seller's dashboard.
          navigate(pathAfterLogin(user.role, next, paths.sellerDashboard));
        },
        onError: (error) => {
          toast({ title: 'Verification Failed', description: fieldErrorsOf(error).token ?? errorMessageOf(error, linkNoLongerWorks), variant: 'destructive' });
          onFailed();
        },
      },
    );

  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold text-slate-900">Sign in with your email link</h2>
      <p className="text-sm text-slate-700">Press Sign in to log in with the link from your CarDirect email and see the offers on your car. The link works once.</p>
      <Button onClick={signInNow} disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </div>
  );
}
