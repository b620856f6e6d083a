import type { FieldValues, Resolver } from 'react-hook-form';

type StepResolvers = typeof import('./step-resolvers');

let stepResolvers: Promise<StepResolvers> | undefined;

/** Starts fetching the steps' rules (zod and the schemas); called when the seller first touches a form. */
export function loadStepResolvers(): Promise<StepResolvers> {
  stepResolvers ??= import('./step-resolvers').catch((error: unknown) => {
    // A failed fetch (offline) is tried again at the next use.
    stepResolvers = undefined;
    throw error;
  });
  return stepResolvers;
}

/** A resolver that fetches the rules on first use and then behaves exactly like them. */
export function lazyResolver<Values extends FieldValues, Context = unknown>(
  pick: (resolvers: StepResolvers) => Resolver<Values, Context>,
): Resolver<Values, Context> {
  return async (values, context, options) => pick(await loadStepResolvers())(values, context, options);
}
