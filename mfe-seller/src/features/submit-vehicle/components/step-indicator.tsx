import { cn } from '@cardirect/ui';
import { wizardSteps, type StepNumber } from '../lib/wizard-steps';

/** Numbered steps with titles; every step up to and including the current one is highlighted. */
export function StepIndicator({ current }: { current: StepNumber }) {
  return (
    <ol aria-label="Progress" className="grid grid-cols-4 gap-2">
      {wizardSteps.map((step) => {
        const reached = step.number <= current;
        return (
          <li key={step.number} aria-current={step.number === current ? 'step' : undefined} className="flex flex-col items-center gap-2 text-center">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                reached ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {step.number}
            </span>
            <span className={cn('text-xs font-medium sm:text-sm', reached ? 'text-brand-700' : 'text-slate-600')}>
              <span className="sr-only">Step {step.number}: </span>
              {step.title}
              {step.number < current && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
