import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { errorMessageOf, isApiError, paths } from '@cardirect/web';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, authLinkClasses } from './auth-card';

interface SetNewPasswordFormProps {
  token: string;
  /** The link is used up or expired: offer to send a new one. */
  onRequestNewLink: () => void;
}

/** Opened from the e-mail's link: the new password twice, then the login. */
export function SetNewPasswordForm({ token, onRequestNewLink }: SetNewPasswordFormProps) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const linkRefused = isApiError(reset.error) ? reset.error.fieldErrors.token : undefined;

  const submit = form.handleSubmit(async ({ password }) => {
    let answer: { message: string };
    try {
      answer = await reset.mutateAsync({ token, password });
    } catch (error) {
      if (!(isApiError(error) && error.fieldErrors.token)) {
        toast({ title: 'Password Reset Failed', description: errorMessageOf(error, 'Could not set the new password. Please try again.'), variant: 'destructive' });
      }
      return;
    }
    toast({ title: 'Password Reset', description: answer.message });
    navigate(paths.dealerLogin);
  });

  return (
    <AuthCard
      title="Set a New Password"
      intro="Choose a new password for your dealer account. Every device signed in to it is signed out."
      footer={
        <Link href={paths.dealerLogin} className={authLinkClasses}>
          Back to Dealer Login
        </Link>
      }
    >
      {linkRefused && (
        <div role="alert" className="grid gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-medium">{linkRefused}</p>
          <Button variant="secondary" size="sm" className="justify-self-start" onClick={onRequestNewLink}>
            Send me a new link
          </Button>
        </div>
      )}
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
