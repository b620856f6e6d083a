import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { dealerRegistrationFormSchema, US_STATES } from '@cardirect/contracts';
import { Button, Field, Input, Select, toast } from '@cardirect/ui';
import { errorMessageOf, fieldErrorsOf, paths, showServerFieldErrors } from '@cardirect/web';
import { useRegisterDealer } from '../api/register-dealer';
import { AuthCard, authLinkClasses } from './auth-card';
import { DealerBenefits } from './dealer-benefits';

type RegistrationInput = z.input<typeof dealerRegistrationFormSchema>;
type RegistrationValues = z.output<typeof dealerRegistrationFormSchema>;

const fieldNames = ['dealershipName', 'email', 'password', 'confirmPassword', 'phoneNumber', 'address', 'city', 'state', 'zipCode'] as const;

const emptyForm: RegistrationInput = Object.fromEntries(fieldNames.map((name) => [name, ''])) as RegistrationInput;

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Dealer registration (spec section 2): business, address and account security groups, the state
 * from the list of 50, the spec's messages under each field. Success says the account awaits the
 * admin's approval and goes to the login.
 */
export function DealerRegistrationForm() {
  const [, navigate] = useLocation();
  const register = useRegisterDealer();
  const form = useForm<RegistrationInput, unknown, RegistrationValues>({ resolver: zodResolver(dealerRegistrationFormSchema), defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ confirmPassword: _confirmPassword, ...registration }) => {
    try {
      await register.mutateAsync(registration);
    } catch (error) {
      showServerFieldErrors(fieldErrorsOf(error), fieldNames, form.setError);
      toast({ title: 'Registration Failed', description: errorMessageOf(error, 'An error occurred during registration'), variant: 'destructive' });
      return;
    }
    toast({
      title: 'Registration Successful',
      description: 'Your account is pending admin approval. You will be notified by email, typically within 1-2 business days.',
    });
    navigate(paths.dealerLogin);
  });

  const text = (name: (typeof fieldNames)[number], label: string, input: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' }, wide = false) => (
    <Field label={label} error={errors[name]?.message} className={wide ? 'sm:col-span-2' : undefined}>
      {(control) => <Input {...control} {...input} {...form.register(name)} />}
    </Field>
  );

  return (
    <AuthCard
      wide
      aside={<DealerBenefits />}
      title="Dealer Registration"
      intro="Register your dealership to see cars from local sellers and make offers. An administrator reviews every registration."
      footer={
        <>
          Already registered?{' '}
          <Link href={paths.dealerLogin} className={authLinkClasses}>
            Log in to your dealer account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-8">
        <FieldGroup legend="Business Information">
          {text('dealershipName', 'Dealership Name', { autoComplete: 'organization' }, true)}
          {text('phoneNumber', 'Phone Number', { type: 'tel', autoComplete: 'tel' })}
        </FieldGroup>
        <FieldGroup legend="Address">
          {text('address', 'Street Address', { autoComplete: 'street-address' }, true)}
          {text('city', 'City', { autoComplete: 'address-level2' })}
          <Field label="State" error={errors.state?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="state"
                render={({ field }) => (
                  <Select {...control} options={US_STATES} value={field.value} onValueChange={field.onChange} name={field.name} placeholder="Select a state" />
                )}
              />
            )}
          </Field>
          {text('zipCode', 'ZIP Code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </FieldGroup>
        <FieldGroup legend="Account Security">
          {text('email', 'Email', { type: 'email', autoComplete: 'email' }, true)}
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
          {text('confirmPassword', 'Confirm Password', { type: 'password', autoComplete: 'new-password' })}
        </FieldGroup>
        <Button type="submit" disabled={isSubmitting} className="w-full sm:justify-self-start sm:w-auto">
          {isSubmitting ? 'Registering...' : 'Register'}
        </Button>
      </form>
    </AuthCard>
  );
}
