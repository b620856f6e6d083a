import type { ReactNode } from 'react';

/** A disclosure button's words with the triangle that turns as it opens (the words carry the meaning). */
export function DisclosureLabel({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className={open ? 'inline-block rotate-90 transition-transform' : 'inline-block transition-transform'}>
        ▸
      </span>
      {children}
    </>
  );
}
