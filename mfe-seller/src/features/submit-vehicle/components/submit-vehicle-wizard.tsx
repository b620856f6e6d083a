import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Card, Spinner, toast } from '@cardirect/ui';
import { errorMessageOf, isApiError } from '@cardirect/web';
import { useSubmitVehicle } from '../api/submit-vehicle';
import { completeDraftOf } from '../lib/complete-draft';
import { useStepHistory } from '../lib/step-history';
import { submissionBodyOf } from '../lib/submission-body';
import { useWizardStore } from '../lib/wizard-store';
import { wizardSteps } from '../lib/wizard-steps';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { SubmissionSuccess } from './submission-success';
import { VehicleBadge } from './vehicle-badge';
import { VehicleDetailsStep } from './vehicle-details-step';
import { VehicleInfoStep } from './vehicle-info-step';

// The photo upload (react-dropzone) is fetched when step 3 is reached, not with step 1.
const ContactStep = lazy(() => import('./contact-step').then((module) => ({ default: module.ContactStep })));

const subscribeToDraftRead = (onRead: () => void) => useWizardStore.persist.onFinishHydration(onRead);
const draftRead = () => useWizardStore.persist.hasHydrated();

/**
 * The seller's four-step wizard (spec sections 2-5). Each completed step merges into one draft,
 * kept in IndexedDB until the car is submitted (the wizard shows once it is read back); each step
 * has its own browser history entry; a new step scrolls the page to the top and moves focus to its
 * heading, so keyboard and screen-reader users land on it too.
 */
export function SubmitVehicleWizard() {
  const hydrated = useSyncExternalStore(subscribeToDraftRead, draftRead);
  // The steps take their starting values, and the history its entries, from the draft: not before it is read.
  return hydrated ? <WizardSteps /> : <Spinner label="Loading your draft…" className="w-full justify-center py-24" />;
}

function WizardSteps() {
  const step = useWizardStore((state) => state.step);
  const draft = useWizardStore((state) => state.draft);
  const goBack = useWizardStore((state) => state.goBack);
  const showServerErrors = useWizardStore((state) => state.showServerErrors);
  const reset = useWizardStore((state) => state.reset);
  const submitVehicle = useSubmitVehicle();
  const [submitted, setSubmitted] = useState<{ contactEmail: string } | undefined>();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useStepHistory(step);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo(0, 0);
    stepHeading.current?.focus();
  }, [step]);

  const complete = completeDraftOf(draft);
  // A review without a complete draft (its storage edited, say) starts again from step 1, keeping what is there.
  const shownStepNumber = step === 4 && !complete ? 1 : step;
  const current = wizardSteps[shownStepNumber - 1];
  useEffect(() => {
    if (shownStepNumber !== step) useWizardStore.setState({ step: shownStepNumber });
  }, [shownStepNumber, step]);

  const submit = () => {
    if (!complete) return;
    submitVehicle.mutate(submissionBodyOf(complete), {
      onSuccess: () => {
        toast({ title: 'Vehicle Submitted Successfully', description: 'Dealers in your area will be notified and may contact you with offers' });
        reset();
        setSubmitted({ contactEmail: complete.contactEmail });
        window.scrollTo(0, 0);
      },
      onError: (error) => {
        toast({ title: 'Submission Failed', description: `Error: ${errorMessageOf(error, 'Unknown error occurred')}`, variant: 'destructive' });
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) showServerErrors(error.fieldErrors);
      },
    });
  };

  if (submitted) return <SubmissionSuccess contactEmail={submitted.contactEmail} />;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <header className="grid gap-3 text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Submit Your Vehicle</h1>
        <p className="text-slate-600">Tell dealers about your car and get competing offers. It takes about five minutes.</p>
        {shownStepNumber > 2 && (
          <div className="flex justify-center">
            <VehicleBadge draft={draft} />
          </div>
        )}
      </header>
      <StepIndicator current={shownStepNumber} />
      <Card className="p-5 sm:p-8">
        <h2 ref={stepHeading} tabIndex={-1} className="mb-6 text-xl font-semibold text-slate-900 outline-none sm:text-2xl">
          {current.heading}
        </h2>
        {shownStepNumber === 1 && <VehicleInfoStep />}
        {shownStepNumber === 2 && <VehicleDetailsStep />}
        {shownStepNumber === 3 && (
          <Suspense fallback={<Spinner label="Loading the contact step…" className="w-full justify-center py-12" />}>
            <ContactStep />
          </Suspense>
        )}
        {shownStepNumber === 4 && complete && (
          <ReviewStep draft={complete} submitting={submitVehicle.isPending} onBack={() => goBack({})} onSubmit={submit} />
        )}
      </Card>
    </div>
  );
}
