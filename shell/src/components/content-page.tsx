import type { ReactNode } from 'react';
import { useDocumentTitle } from '@cardirect/web';

/** A plain text page (careers, press, privacy, terms): a titled column of readable prose. */
export function ContentPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{intro}</p>
      <div className="mt-10 grid gap-8 text-slate-700 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:grid [&_ul]:gap-1">
        {children}
      </div>
    </article>
  );
}
