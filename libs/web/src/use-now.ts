import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so a clock on screen (an offer's or a deal's time left) counts down while the page stays open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
