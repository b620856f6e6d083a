import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button, Card, cn } from '@cardirect/ui';
import { errorMessageOf, isApiError, paths } from '@cardirect/web';
import { tokenInFragment } from '../../../lib/fragment-token';
import { useUnsubscribeSavedSearch } from '../api/unsubscribe-saved-search';

const invalidLinkMessage = 'This unsubscribe link is not valid. Open it again from the e-mail, or manage your saved searches on your dashboard.';

/** What pressing the button came to: its sentence, whether it went wrong, and whether pressing again could help. */
interface Outcome {
  message: string;
  problem: boolean;
  final: boolean;
}

function outcomeOfFailure(error: unknown): Outcome {
  // Gone already (deleted on the dashboard, or an earlier press): the dealer gets no e-mail of it either way.
  if (isApiError(error) && error.status === 404) return { message: 'This saved search was already removed: you get no more e-mails for it.', problem: false, final: true };
  if (isApiError(error) && error.status === 400) return { message: errorMessageOf(error, invalidLinkMessage), problem: true, final: true };
  return { message: errorMessageOf(error, 'The e-mails could not be stopped. Please try again.'), problem: true, final: false };
}

/**
 * The page a saved search's e-mail links to, for anyone holding the link, logged in or not. It
 * stops the search only on a press of its button: a mail scanner that opens the link must not
 * unsubscribe the dealer.
 */
export function SavedSearchUnsubscribe() {
  const [token] = useState(tokenInFragment);
  const unsubscribe = useUnsubscribeSavedSearch();
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The answer replaces the button that had the focus: it takes the focus, so it is read out.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const stopEmails = (linkToken: string) =>
    unsubscribe.mutate(
      { token: linkToken },
      {
        onSuccess: ({ description }) => setOutcome({ message: `You will no longer get e-mails for this saved search: ${description}.`, problem: false, final: true }),
        onError: (error) => setOutcome(outcomeOfFailure(error)),
      },
    );

  const shown: Outcome | undefined = token ? outcome : { message: invalidLinkMessage, problem: true, final: true };

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-12">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Unsubscribe from a saved search</h1>
        <p className="text-slate-600">Stop the e-mails of the saved search this link came with. Your other saved searches keep e-mailing you.</p>
      </header>
      <Card className="grid gap-4 p-6">
        {token && !outcome?.final && (
          <Button onClick={() => stopEmails(token)} disabled={unsubscribe.isPending}>
            Stop these e-mails
          </Button>
        )}
        {shown && (
          <p ref={outcomeRef} tabIndex={-1} role={shown.problem ? 'alert' : 'status'} className={cn('outline-none', shown.problem ? 'text-red-700' : 'text-slate-900')}>
            {shown.message}
          </p>
        )}
        {shown?.final && (
          <Link href={paths.dealerDashboard} className="justify-self-start rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500">
            Go to the Dealer Dashboard
          </Link>
        )}
      </Card>
    </div>
  );
}
