import { Fragment } from 'react';

/** The address cut where it may break: after its '@' and before each dot, as typesetters break addresses. */
function breakableParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/);
}

/**
 * An e-mail address that, when its line is too short for it, wraps after the '@' or before a dot
 * instead of mid-word; a part longer than the whole line still wraps rather than overflowing.
 * Copied, it is the address unchanged (a <wbr> is no character).
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="wrap-anywhere">
      {breakableParts(email).map((part, index) => (
        // The parts are the address's own, in order: their place is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
