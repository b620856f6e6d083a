import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@cardirect/contracts';
import { Button, Field, Input, Spinner, toast } from '@cardirect/ui';
import { errorMessageOf, isApiError, paths } from '@cardirect/web';
import { useResetLinkCheck } from '../api/check-reset-link';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, authLinkClasses } from './auth-card';

interface SetNewPasswordFormProps {
  token: string;
  /** The link is used up or expired: offer to send a new one. */
  onRequestNewLink: () => void;
}

const backToLogin = (
  <Link href={paths.dealerLogin} className={authLinkClasses}>
    Back to Dealer Login
  </Link>
);

/** The server's word on the link (`token`), from the check on opening or from the reset itself. */
function deadLinkMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.fieldErrors.token : undefined;
}

/**
 * Opened from the e-mail's link: the link is checked first, so a used or expired one says so
 * before anyone types a password; then the new password twice, then the login. When the check
 * itself fails (no connection, say) the form still shows: the reset answers for the link anyway.
 */
export function SetNewPasswordForm({ token, onRequestNewLink }: SetNewPasswordFormProps) {
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const deadLink = deadLinkMessage(check.error) ?? deadLinkMessage(reset.error);

  if (check.isPending) {
    return (
      <AuthCard title="Set a New Password" footer={backToLogin}>
        <Spinner label="Checking your reset link…" className="justify-center" />
      </AuthCard>
    );
  }
  if (deadLink) {
    return (
      <AuthCard title="Reset Link No Longer Works" footer={backToLogin}>
        <div role="alert" className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-medium">{deadLink}</p>
          <p className="text-sm">A reset link works once, within 1 hour of being sent. Ask for a new one and use the latest e-mail.</p>
        </div>
        <Button className="w-full" onClick={onRequestNewLink}>
          Send me a new link
        </Button>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} reset={reset} />;
}

function NewPasswordForm({ token, reset }: { token: string; reset: ReturnType<typeof useResetPassword> }) {
  const [, navigate] = useLocation();
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    let answer: { message: string };
    try {
      answer = await reset.mutateAsync({ token, password });
    } catch (error) {
      // A dead link replaces the form with its own message (SetNewPasswordForm); anything else is a toast.
      if (!deadLinkMessage(error)) {
        toast({ title: 'Password Reset Failed', description: errorMessageOf(error, 'Could not set the new password. Please try again.'), variant: 'destructive' });
      }
      return;
    }
    toast({ title: 'Password Reset', description: answer.message });
    navigate(paths.dealerLogin);
  });

  return (
    <AuthCard title="Set a New Password" intro="Choose a new password for your dealer account. Every device signed in to it is signed out." footer={backToLogin}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="New Password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
        </Field>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
