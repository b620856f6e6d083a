import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { paths, useDocumentTitle } from '@cardirect/web';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-8">
        <Link href={paths.home}>Go to the home page</Link>
      </Button>
    </section>
  );
}
